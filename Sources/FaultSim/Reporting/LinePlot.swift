/// A line chart as SVG, written by hand (no dependencies): one line per
/// series, each point's 95% interval as a shaded band, labelled axes with
/// round tick values, and a legend.
public struct LinePlot: Sendable {
  /// One series: its name and points in x order.
  public struct Series: Sendable {
    public var name: String
    public var points: [Point]

    public init(name: String, points: [Point]) {
      self.name = name
      self.points = points.sorted { $0.x < $1.x }
    }
  }

  /// A point with an optional interval around `y`.
  public struct Point: Sendable {
    public var x: Double
    public var y: Double
    public var low: Double?
    public var high: Double?

    public init(x: Double, y: Double, low: Double? = nil, high: Double? = nil) {
      self.x = x
      self.y = y
      self.low = low
      self.high = high
    }
  }

  public var title: String
  public var xLabel: String
  public var yLabel: String
  public var series: [Series]
  public var width = 760.0
  public var height = 460.0

  public init(title: String, xLabel: String, yLabel: String, series: [Series]) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.series = series
  }

  /// Colour-blind-safe colours (Okabe and Ito), in series order.
  static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

  /// The chart as an SVG document.
  public var svg: String {
    let left = 78.0
    let right = 24.0
    let top = 48.0
    let bottom = 62.0
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    let points = series.flatMap(\.points)
    let xs = points.map(\.x)
    let ys = points.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] }
    let xTicks = Self.ticks(min: xs.min() ?? 0, max: xs.max() ?? 1)
    // A little headroom, so the highest point does not sit on the frame.
    let yMin = min(0, ys.min() ?? 0)
    let yMax = ys.max() ?? 1
    let yTicks = Self.ticks(min: yMin, max: yMax + (yMax - yMin) * 0.04)
    let (xLow, xHigh) = (xTicks.first ?? 0, xTicks.last ?? 1)
    let (yLow, yHigh) = (yTicks.first ?? 0, yTicks.last ?? 1)
    func px(_ x: Double) -> Double { left + (x - xLow) / max(xHigh - xLow, 1e-300) * plotWidth }
    func py(_ y: Double) -> Double { top + plotHeight - (y - yLow) / max(yHigh - yLow, 1e-300) * plotHeight }
    func n(_ value: Double) -> String { DecimalText.fixed(value, 2) }

    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="13">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="\(n(width / 2))" y="26" text-anchor="middle" font-size="16" font-weight="bold">\(Self.escape(title))</text>

      """
    // Grid and ticks.
    for tick in yTicks {
      svg +=
        "<line x1=\"\(n(left))\" y1=\"\(n(py(tick)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(py(tick)))\" stroke=\"#e5e5e5\"/>\n"
      svg +=
        "<text x=\"\(n(left - 8))\" y=\"\(n(py(tick) + 4))\" text-anchor=\"end\">\(Self.label(tick, ticks: yTicks))</text>\n"
    }
    for tick in xTicks {
      svg +=
        "<line x1=\"\(n(px(tick)))\" y1=\"\(n(top))\" x2=\"\(n(px(tick)))\" y2=\"\(n(top + plotHeight))\" stroke=\"#f0f0f0\"/>\n"
      svg +=
        "<text x=\"\(n(px(tick)))\" y=\"\(n(top + plotHeight + 20))\" text-anchor=\"middle\">\(Self.label(tick, ticks: xTicks))</text>\n"
    }
    svg +=
      "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"#333333\"/>\n"
    svg +=
      "<text x=\"\(n(left + plotWidth / 2))\" y=\"\(n(height - 16))\" text-anchor=\"middle\">\(Self.escape(xLabel))</text>\n"
    svg +=
      "<text transform=\"translate(20 \(n(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(Self.escape(yLabel))</text>\n"
    // Bands, then lines and points, so lines stay visible over every band.
    for (index, line) in series.enumerated() {
      let colour = Self.palette[index % Self.palette.count]
      let banded = line.points.filter { $0.low != nil && $0.high != nil }
      guard banded.count == line.points.count, !banded.isEmpty else { continue }
      let upper = banded.map { "\(n(px($0.x))),\(n(py($0.high!)))" }
      let lower = banded.reversed().map { "\(n(px($0.x))),\(n(py($0.low!)))" }
      svg +=
        "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.18\" stroke=\"none\"/>\n"
    }
    for (index, line) in series.enumerated() {
      let colour = Self.palette[index % Self.palette.count]
      let path = line.points.map { "\(n(px($0.x))),\(n(py($0.y)))" }.joined(separator: " ")
      svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2.2\"/>\n"
      for point in line.points {
        svg += "<circle cx=\"\(n(px(point.x)))\" cy=\"\(n(py(point.y)))\" r=\"3.2\" fill=\"\(colour)\"/>\n"
      }
    }
    // Legend in the corner of the plot that covers the fewest points.
    if series.count > 1 || !(series.first?.name.isEmpty ?? true) {
      let longest = series.map(\.name.count).max() ?? 0
      let boxWidth = 46 + Double(longest) * 7.4
      let boxHeight = Double(series.count) * 20 + 10
      // Points along the lines, including midpoints of segments.
      var marks: [(Double, Double)] = []
      for line in series {
        let located = line.points.map { (px($0.x), py($0.y)) }
        marks += located
        for (a, b) in zip(located, located.dropFirst()) {
          for step in 1..<8 {
            let t = Double(step) / 8
            marks.append((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
          }
        }
      }
      let corners = [
        (left + 12, top + 10), (left + plotWidth - 12 - boxWidth, top + 30),
        (left + 12, top + plotHeight - 10 - boxHeight),
        (left + plotWidth - 12 - boxWidth, top + plotHeight - 10 - boxHeight),
      ]
      let (boxX, boxY) =
        corners.min { a, b in
          func covered(_ corner: (Double, Double)) -> Int {
            marks.count {
              $0.0 >= corner.0 - 6 && $0.0 <= corner.0 + boxWidth + 6 && $0.1 >= corner.1 - 6
                && $0.1 <= corner.1 + boxHeight + 6
            }
          }
          return covered(a) < covered(b)
        } ?? corners[0]
      svg +=
        "<rect x=\"\(n(boxX))\" y=\"\(n(boxY))\" width=\"\(n(boxWidth))\" height=\"\(n(boxHeight))\" fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"#cccccc\"/>\n"
      for (index, line) in series.enumerated() {
        let colour = Self.palette[index % Self.palette.count]
        let y = boxY + 17 + Double(index) * 20
        svg +=
          "<line x1=\"\(n(boxX + 8))\" y1=\"\(n(y - 4))\" x2=\"\(n(boxX + 32))\" y2=\"\(n(y - 4))\" stroke=\"\(colour)\" stroke-width=\"3\"/>\n"
        svg += "<text x=\"\(n(boxX + 38))\" y=\"\(n(y))\">\(Self.escape(line.name))</text>\n"
      }
      if series.contains(where: { $0.points.contains { $0.low != nil } }) {
        svg +=
          "<text x=\"\(n(left + plotWidth - 8))\" y=\"\(n(top + 20))\" text-anchor=\"end\" fill=\"#555555\">bands: 95% interval</text>\n"
      }
    }
    return svg + "</svg>\n"
  }

  /// Round tick values covering `min…max`: steps of 1, 2 or 5 × 10ᵏ, about
  /// five of them.
  static func ticks(min low: Double, max high: Double) -> [Double] {
    guard low.isFinite, high.isFinite else { return [0, 1] }
    var low = low
    var high = high
    if high <= low {
      let pad = low == 0 ? 1 : abs(low) * 0.1
      low -= pad
      high += pad
    }
    let raw = (high - low) / 5
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
    let first = (low / step).rounded(.down) * step
    var ticks: [Double] = []
    var value = first
    while value <= high + step * 1e-9 && ticks.count < 50 {
      ticks.append(abs(value) < step * 1e-9 ? 0 : value)
      value = first + step * Double(ticks.count)
    }
    if let last = ticks.last, last < high - step * 1e-9 { ticks.append(last + step) }
    return ticks
  }

  /// A tick label with just enough decimals for its step.
  static func label(_ value: Double, ticks: [Double]) -> String {
    let step = ticks.count > 1 ? abs(ticks[1] - ticks[0]) : 1
    var decimals = 0
    var scaled = step
    while scaled < 1 - 1e-9 && decimals < 9 {
      scaled *= 10
      decimals += 1
    }
    return DecimalText.fixed(value, decimals)
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}

/// A line chart as SVG, written by hand (no dependencies): one line per
/// series, each point's 95% interval as a shaded band, labelled axes with
/// round tick values, and a legend.
package struct LinePlot: Sendable {
  /// One series: its name and points in x order.
  package struct Series: Sendable {
    package var name: String
    package var points: [Point]

    package init(name: String, points: [Point]) {
      self.name = name
      self.points = points.sorted { $0.x < $1.x }
    }

    /// The series without points that have a non-finite coordinate (they
    /// cannot be placed), and without non-finite interval ends.
    var drawable: Series {
      var copy = self
      copy.points = points.compactMap { point in
        guard point.x.isFinite, point.y.isFinite else { return nil }
        var point = point
        if !(point.low?.isFinite ?? true) || !(point.high?.isFinite ?? true) {
          point.low = nil
          point.high = nil
        }
        return point
      }
      return copy
    }
  }

  /// A point with an optional interval around `y`.
  package struct Point: Sendable {
    package var x: Double
    package var y: Double
    package var low: Double?
    package var high: Double?

    package init(x: Double, y: Double, low: Double? = nil, high: Double? = nil) {
      self.x = x
      self.y = y
      self.low = low
      self.high = high
    }
  }

  package var title: String
  package var xLabel: String
  package var yLabel: String
  package var series: [Series]
  package var width = 760.0
  package var height = 460.0

  package init(title: String, xLabel: String, yLabel: String, series: [Series]) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.series = series
  }

  /// Colour-blind-safe colours (Okabe and Ito), in series order.
  static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

  /// The chart as an SVG document.
  package var svg: String {
    let left = 78.0
    let right = 24.0
    let top = 48.0
    let bottom = 62.0
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    let series = self.series.map(\.drawable)
    let points = series.flatMap(\.points)
    let xs = points.map(\.x)
    let ys = points.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] }
    let xAxis = PlotAxis(low: xs.min() ?? 0, high: xs.max() ?? 1)
    // A little headroom, so the highest point does not sit on the frame.
    let yMin = min(0, ys.min() ?? 0)
    let yMax = ys.max() ?? 1
    let yAxis = PlotAxis(low: yMin, high: min(yMax + (yMax / 25 - yMin / 25), .greatestFiniteMagnitude))
    let xTicks = Array(zip((0..<xAxis.count).map { Double(xAxis.first) + Double($0) }, xAxis.labels))
    let yTicks = Array(zip((0..<yAxis.count).map { Double(yAxis.first) + Double($0) }, yAxis.labels))
    func px(_ x: Double) -> Double { left + xAxis.fraction(x) * plotWidth }
    func py(_ y: Double) -> Double { top + plotHeight - yAxis.fraction(y) * plotHeight }
    // Tick positions from their index (value / step), which never overflows.
    func ty(_ index: Double) -> Double {
      top + plotHeight - (index - Double(yAxis.first)) / Double(yAxis.last - yAxis.first) * plotHeight
    }
    func n(_ value: Double) -> String { DecimalText.fixed(value, 2) }

    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="13">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="\(n(width / 2))" y="26" text-anchor="middle" font-size="16" font-weight="bold">\(Self.escape(title))</text>

      """
    // Grid and ticks.
    for (index, label) in yTicks {
      let y = ty(index)
      svg +=
        "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y))\" stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(n(left - 8))\" y=\"\(n(y + 4))\" text-anchor=\"end\">\(label)</text>\n"
    }
    for (index, label) in xTicks {
      let x = left + (index - Double(xAxis.first)) / Double(xAxis.last - xAxis.first) * plotWidth
      svg +=
        "<line x1=\"\(n(x))\" y1=\"\(n(top))\" x2=\"\(n(x))\" y2=\"\(n(top + plotHeight))\" stroke=\"#f0f0f0\"/>\n"
      svg += "<text x=\"\(n(x))\" y=\"\(n(top + plotHeight + 20))\" text-anchor=\"middle\">\(label)</text>\n"
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

  /// `text` as XML character data that any XML 1.0 parser accepts: `&`, `<`,
  /// `>` and `"` as entities; tabs and line breaks as spaces (SVG text is
  /// one line); characters XML cannot hold at all — C0 controls, and
  /// U+FFFE/U+FFFF — as visible stand-ins: the Control Pictures (U+2400…)
  /// for C0 controls and DEL, U+FFFD for the rest and for C1 controls.
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: result += "&amp;"
      case 0x3C: result += "&lt;"
      case 0x3E: result += "&gt;"
      case 0x22: result += "&quot;"
      case 0x09, 0x0A, 0x0D: result += " "
      case 0x00..<0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: result += "\u{2421}"
      case 0x80...0x9F, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

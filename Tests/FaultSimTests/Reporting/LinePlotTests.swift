import Foundation
import Testing

@testable import FaultSim

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The SVG of `faultsim plot`: finite, exactly labelled axes for any finite
/// data, and well-formed XML for any text, checked with a real XML parser.
@Suite struct LinePlotTests {
  /// What an XML parser saw in a document: whether it is well-formed, the
  /// text of its elements, and every number in a coordinate attribute.
  struct Parsed {
    var wellFormed: Bool
    var error: String
    var texts: [String]
    var coordinates: [(name: String, value: Double)]
  }

  final class Collector: NSObject, XMLParserDelegate {
    var texts: [String] = []
    var current = ""
    var coordinates: [(String, Double)] = []

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      current = ""
      for name in ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "width", "height"] {
        if let text = attributes[name], !text.hasSuffix("%") { coordinates.append((name, Double(text) ?? .nan)) }
      }
      for pair in (attributes["points"] ?? "").split(separator: " ") {
        for part in pair.split(separator: ",") { coordinates.append(("points", Double(part) ?? .nan)) }
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      current += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
      if element == "text" { texts.append(current) }
      current = ""
    }
  }

  static func parse(_ svg: String) -> Parsed {
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    let ok = parser.parse()
    return Parsed(
      wellFormed: ok, error: parser.parserError.map { "\($0)" } ?? "", texts: collector.texts,
      coordinates: collector.coordinates)
  }

  /// The chart's SVG, computed on another thread: `nil` if it takes more
  /// than `seconds` (the old tick loop never ended for ±1e308).
  static func svg(_ plot: LinePlot, within seconds: Double = 20) -> String? {
    final class Box: @unchecked Sendable { var svg: String? }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.svg = plot.svg
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success ? box.svg : nil
  }

  static func chart(_ xs: [Double], _ ys: [Double], title: String = "t", name: String = "") -> LinePlot {
    LinePlot(
      title: title, xLabel: "x", yLabel: "y",
      series: [LinePlot.Series(name: name, points: zip(xs, ys).map { LinePlot.Point(x: $0, y: $1) })])
  }

  /// Every coordinate is a finite number inside the canvas.
  static func expectInsideCanvas(_ parsed: Parsed, _ plot: LinePlot, _ context: String) {
    for (name, value) in parsed.coordinates {
      let limit = name.hasPrefix("y") || name == "cy" || name == "height" ? plot.height : plot.width
      #expect(
        value.isFinite && value >= -0.01 && value <= max(limit, plot.width) + 0.01, "\(context): \(name)=\(value)")
    }
  }

  static let extremes: [[Double]] = [
    [-1e308, 1e308],
    [-.greatestFiniteMagnitude, .greatestFiniteMagnitude],
    [.greatestFiniteMagnitude, .greatestFiniteMagnitude],
    [-.greatestFiniteMagnitude, -.greatestFiniteMagnitude / 2],
    [Double.leastNonzeroMagnitude * 2_000, Double.leastNonzeroMagnitude * 4_000, .leastNonzeroMagnitude],
    [.leastNonzeroMagnitude],
    [1, 1 + 1e-15, 1 + 2e-15],
    [1e300, 1e300 * (1 + 1e-14)],
    [0, 0],
    [-3.5e18, 9.1e18],
  ]

  @Test(arguments: 0..<10)
  func anyFiniteRangeGivesAFiniteChartQuickly(index: Int) throws {
    let values = Self.extremes[index]
    for (xs, ys) in [(values, values.map { _ in 1.0 }), (values.indices.map(Double.init), values), (values, values)] {
      let plot = Self.chart(xs, ys)
      let svg = try #require(Self.svg(plot), "\(values): the chart did not finish")
      #expect(!svg.contains("inf") && !svg.contains("nan"), "\(values)")
      let parsed = Self.parse(svg)
      #expect(parsed.wellFormed, "\(values): \(parsed.error)")
      Self.expectInsideCanvas(parsed, plot, "\(values)")
      // Tick labels: distinct, and at least two per axis.
      let labels = parsed.texts.filter { $0 != "t" && $0 != "x" && $0 != "y" }
      #expect(labels.count >= 4 && labels.count <= 20, "\(values): \(labels)")
    }
  }

  @Test func axisLabelsAreExactDecimals() {
    #expect(PlotAxis(low: 0, high: 0.3).labels == ["0.0", "0.1", "0.2", "0.3"])
    #expect(PlotAxis(low: 0.02, high: 0.3).labels == ["0.0", "0.1", "0.2", "0.3"])
    #expect(PlotAxis(low: 0.02, high: 0.2).labels == ["0.00", "0.05", "0.10", "0.15", "0.20"])
    #expect(PlotAxis(low: 0, high: 220).labels == ["0", "50", "100", "150", "200", "250"])
    #expect(PlotAxis(low: -1e308, high: 1e308).labels == ["-1e308", "-5e307", "0", "5e307", "1e308"])
    #expect(
      PlotAxis(low: -.greatestFiniteMagnitude, high: .greatestFiniteMagnitude).labels == [
        "-2e308", "-1e308", "0", "1e308", "2e308",
      ])
    #expect(PlotAxis(low: 1e-12, high: 5e-12).labels.first == "1e-12")
    #expect(PlotAxis.scientific(15, 307) == "1.5e308")
    #expect(PlotAxis.scientific(-20, 0) == "-2e1")
    #expect(PlotAxis.fixed(-5, -2) == "-0.05")
    #expect(PlotAxis.fixed(5, -3) == "0.005")
    #expect(PlotAxis.fixed(0, -2) == "0.00")
    #expect(PlotAxis.fixed(12, 3) == "12000")
  }

  @Test func anyTextIsWellFormedXML() throws {
    let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) })
    let hostile = [
      controls, "a\u{1}b", "\u{7F}\u{80}\u{9F}", "\u{FFFE}\u{FFFF}\u{FFFD}", "<&>\"'", "]]>", "<!--", "\u{1F600} é",
      "&amp;", "\r\n\t",
    ]
    for text in hostile {
      let plot = LinePlot(
        title: text, xLabel: text, yLabel: text,
        series: [
          LinePlot.Series(name: text, points: [LinePlot.Point(x: 0, y: 1)]),
          LinePlot.Series(name: "b" + text, points: [LinePlot.Point(x: 1, y: 2)]),
        ])
      let parsed = Self.parse(plot.svg)
      #expect(parsed.wellFormed, "\(text.unicodeScalars.map(\.value)): \(parsed.error)")
    }
    let parsed = Self.parse(Self.chart([0, 1], [0, 1], title: "a\u{1}b & <c>").svg)
    #expect(parsed.texts.first == "a\u{2401}b & <c>")
  }

  /// Random data of every magnitude: the SVG is always well-formed, finite
  /// and inside its canvas.
  @Test func randomChartsAreWellFormedAndInsideTheCanvas() throws {
    var random = Xoshiro256StarStar(seed: 42)
    for round in 0..<300 {
      func value() -> Double {
        let exponent = Double(Int(random.next(below: 616)) - 308)
        let mantissa = random.nextUnit() * 9.99 + (random.next(below: 2) == 0 ? 0 : -10)
        let scaled = mantissa * pow(10, exponent)
        return scaled.isFinite ? scaled : 1
      }
      let scale = random.next(below: 3)
      let count = Int(random.next(below: 6)) + 1
      let xs = (0..<count).map { _ in scale == 0 ? Double(random.next(below: 10)) : value() }
      let ys = (0..<count).map { _ in scale == 1 ? random.nextUnit() : value() }
      let plot = Self.chart(xs, ys, name: "s\(round)")
      let svg = try #require(Self.svg(plot), "round \(round): \(xs) \(ys)")
      #expect(!svg.contains("inf") && !svg.contains("nan"), "round \(round)")
      let parsed = Self.parse(svg)
      #expect(parsed.wellFormed, "round \(round): \(parsed.error)")
      Self.expectInsideCanvas(parsed, plot, "round \(round): \(xs) \(ys)")
    }
  }

  @Test func aLineThroughTwoRowsAtOneXIsRefusedNamingTheColumn() throws {
    let csv = """
      workload.kind,network.responseLoss,seeds,duplicate_rate
      keyless,0.1,5,0.1
      keyless,0.2,5,0.2
      keyed,0.1,5,0
      keyed,0.2,5,0

      """
    let table = try PlotTable(parsing: csv, file: "t.csv")
    #expect {
      try table.plot(x: "network.responseLoss", y: "duplicate_rate", series: [], title: nil)
    } throws: { error in
      let error = error as? PlotTableError
      return error?.kind == .ambiguousLine
        && error?.description
          == "t.csv: records 2 and 4 both have network.responseLoss = 0.1 in one line: the table also varies workload.kind; draw one line per value with --series workload.kind"
    }
    let plot = try table.plot(x: "network.responseLoss", y: "duplicate_rate", series: ["workload.kind"], title: nil)
    #expect(plot.series.map(\.name) == ["keyless", "keyed"])
    #expect {
      try table.plot(x: "network.responseLoss", y: "duplicate_rat", series: [], title: nil)
    } throws: { error in
      "\(error)".hasPrefix("t.csv: no column 'duplicate_rat' (did you mean 'duplicate_rate'?); the columns are")
    }
  }
}

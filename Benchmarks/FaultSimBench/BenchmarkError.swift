/// A benchmark could not run as asked; printed as `Error: …`.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

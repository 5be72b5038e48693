import Foundation

/// The medians of a compare run per system, size and phase, with Folio's ratios to each peer.
struct CompareTable {
  /// Median seconds keyed by system, size and phase.
  var medians: [String: [Int: [String: Double]]] = [:]
  /// Folio's median of (sync without open) / own parse, and end to end / own parse.
  var syncOverParse: [Int: [String: (withoutOpen: Double, endToEnd: Double)]] = [:]
  /// Peak RSS in KiB, the largest over repetitions.
  var peaks: [String: [Int: [String: Int]]] = [:]
  let sizes: [Int]
  static let systems = ["folio", "grdb", "naive", "tinydb"]
  static let phases = ["day1", "day2"]

  init(rows: [CompareBenchmark.Row], sizes: [Int]) {
    self.sizes = sizes
    for system in Self.systems {
      for n in sizes {
        for phase in Self.phases {
          let runs = rows.filter { $0.system == system && $0.n == n && $0.phase == phase }
          guard !runs.isEmpty else { continue }
          medians[system, default: [:]][n, default: [:]][phase] = Self.median(runs.map(\.seconds))
          peaks[system, default: [:]][n, default: [:]][phase] = runs.map(\.peakKiB).max() ?? 0
          if system == "folio" {
            syncOverParse[n, default: [:]][phase] = (
              Self.median(runs.map { $0.withoutOpen / $0.parse }), Self.median(runs.map { $0.seconds / $0.parse })
            )
          }
        }
      }
    }
  }

  static func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }

  /// The table as Markdown: medians in seconds, then Folio's ratios.
  var markdown: String {
    func seconds(_ system: String, _ n: Int, _ phase: String) -> String {
      medians[system]?[n]?[phase].map { String(format: "%.2f", $0) } ?? "–"
    }
    func ratio(_ peer: String, _ n: Int, _ phase: String) -> String {
      guard let folio = medians["folio"]?[n]?[phase], let other = medians[peer]?[n]?[phase] else { return "–" }
      return String(format: "%.3f", folio / other)
    }
    var text = "| N | phase | Folio s | GRDB s | naive s | TinyDB s | Folio / GRDB | Folio / naive | Folio / TinyDB | sync / own parse (without open; end to end) | Folio peak MiB |\n"
    text += "|---|---|---|---|---|---|---|---|---|---|---|\n"
    for n in sizes {
      for phase in Self.phases {
        let sp = syncOverParse[n]?[phase].map { String(format: "%.2f; %.2f", $0.withoutOpen, $0.endToEnd) } ?? "–"
        let peak = peaks["folio"]?[n]?[phase].map { String(format: "%.0f", Double($0) / 1024) } ?? "–"
        text += "| \(n) | \(phase) | \(seconds("folio", n, phase)) | \(seconds("grdb", n, phase)) | \(seconds("naive", n, phase)) | \(seconds("tinydb", n, phase)) | \(ratio("grdb", n, phase)) | \(ratio("naive", n, phase)) | \(ratio("tinydb", n, phase)) | \(sp) | \(peak) |\n"
      }
    }
    return text
  }
}

/// An SVG line chart of median time against records, both axes logarithmic: one colour per
/// system, day 1 solid and day 2 dashed.
struct CompareChart {
  let table: CompareTable
  static let colors = ["folio": "#d62728", "grdb": "#1f77b4", "naive": "#ff7f0e", "tinydb": "#2ca02c"]
  static let names = ["folio": "Folio", "grdb": "GRDB + SQLite", "naive": "naive Codable", "tinydb": "TinyDB"]

  var svg: String {
    let width = 760.0, height = 460.0, left = 70.0, right = 190.0, top = 40.0, bottom = 60.0
    let values = table.medians.values.flatMap { $0.values.flatMap { $0.values } }.filter { $0 > 0 }
    let yLow = floor(log10(values.min() ?? 0.01)), yHigh = ceil(log10(values.max() ?? 100))
    let xLow = log10(Double(table.sizes.min() ?? 10_000)) - 0.2, xHigh = log10(Double(table.sizes.max() ?? 100_000)) + 0.2
    func x(_ n: Int) -> Double { left + (log10(Double(n)) - xLow) / (xHigh - xLow) * (width - left - right) }
    func y(_ s: Double) -> Double { top + (yHigh - log10(s)) / max(yHigh - yLow, 1) * (height - top - bottom) }
    func f(_ v: Double) -> String { String(format: "%.1f", v) }
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    out += "<text x=\"\(f(left))\" y=\"22\" font-size=\"15\">Employee sync, end to end (median seconds, log scales)</text>\n"
    var decade = yLow
    while decade <= yHigh {
      let yy = y(pow(10, decade))
      out += "<line x1=\"\(f(left))\" y1=\"\(f(yy))\" x2=\"\(f(width - right))\" y2=\"\(f(yy))\" stroke=\"#ddd\"/>\n"
      out += "<text x=\"\(f(left - 8))\" y=\"\(f(yy + 4))\" text-anchor=\"end\">\(Self.label(pow(10, decade))) s</text>\n"
      decade += 1
    }
    for n in table.sizes {
      out += "<line x1=\"\(f(x(n)))\" y1=\"\(f(top))\" x2=\"\(f(x(n)))\" y2=\"\(f(height - bottom))\" stroke=\"#eee\"/>\n"
      out += "<text x=\"\(f(x(n)))\" y=\"\(f(height - bottom + 18))\" text-anchor=\"middle\">\(n.formatted(.number.grouping(.automatic)))</text>\n"
    }
    out += "<text x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 18))\" text-anchor=\"middle\">records</text>\n"
    out += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(width - left - right))\" height=\"\(f(height - top - bottom))\" fill=\"none\" stroke=\"#888\"/>\n"
    var legendY = top + 10
    for system in CompareTable.systems {
      guard let bySize = table.medians[system], let color = Self.colors[system] else { continue }
      for phase in CompareTable.phases {
        let points = table.sizes.compactMap { n in bySize[n]?[phase].map { (x(n), y($0)) } }
        guard !points.isEmpty else { continue }
        let dash = phase == "day2" ? " stroke-dasharray=\"6 4\"" : ""
        out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash) points=\"\(points.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))\"/>\n"
        for p in points { out += "<circle cx=\"\(f(p.0))\" cy=\"\(f(p.1))\" r=\"3\" fill=\"\(color)\"/>\n" }
        out += "<line x1=\"\(f(width - right + 14))\" y1=\"\(f(legendY))\" x2=\"\(f(width - right + 44))\" y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
        out += "<text x=\"\(f(width - right + 50))\" y=\"\(f(legendY + 4))\">\(Self.names[system] ?? system) \(phase == "day1" ? "day 1" : "day 2")</text>\n"
        legendY += 20
      }
    }
    out += "</svg>\n"
    return out
  }

  static func label(_ seconds: Double) -> String {
    seconds >= 1 ? String(format: "%.0f", seconds) : String(format: "%g", seconds)
  }
}

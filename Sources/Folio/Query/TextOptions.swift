import Foundation

/// How a text comparison treats case and diacritics: the collation of ``Field/equals(_:_:)``,
/// ``Field/contains(_:_:)``, ``Field/hasPrefix(_:_:)``, ``Field/hasSuffix(_:_:)`` and of sort
/// keys (``SortKey/options``).
///
/// With no options, text compares by its UTF-8 bytes, exactly as `==` does (the rule identifiers
/// follow). With any option, both sides are first brought to one form — the collation rule,
/// the same for conditions and for sorting:
///
/// 1. Unicode canonical decomposition (NFD), so `"é"` (U+00E9) and `"e\u{301}"` agree;
/// 2. with ``caseInsensitive``, Unicode's default lowercase mapping, with no locale (`"Straße"`
///    and `"STRASSE"` differ: `ß` has no single-letter uppercase; `"İ"` becomes `"i̇"`);
/// 3. with ``diacriticInsensitive``, every nonspacing mark removed (`"é"` → `"e"`, `"ñ"` → `"n"`;
///    letters such as `"ø"` or `"ł"` are letters of their own and stay);
/// 4. canonical composition (NFC); the results then compare by their UTF-8 bytes.
///
/// In the text form of a condition the options follow the operator, as in Core Data predicates:
/// `name ==[c] 'ann'`, `name contains[cd] 'jose'`, and sort keys take them after the field:
/// `--sort 'name[c]'`.
public struct TextOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
  /// The options' bits.
  public let rawValue: Int

  /// Options from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Upper- and lowercase letters compare equal (`[c]`).
  public static let caseInsensitive = TextOptions(rawValue: 1)
  /// Letters compare equal with or without accents and other diacritics (`[d]`).
  public static let diacriticInsensitive = TextOptions(rawValue: 2)

  /// The options in their text form: `[c]`, `[d]`, `[cd]`, or empty.
  public var description: String {
    guard !isEmpty else { return "" }
    return "[" + (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "") + "]"
  }

  /// Options from the letters between brackets (`c`, `d`, `cd`, `dc`); `nil` for anything else.
  init?(letters: String) {
    var options: TextOptions = []
    for letter in letters.lowercased() {
      switch letter {
      case "c" where !options.contains(.caseInsensitive): options.insert(.caseInsensitive)
      case "d" where !options.contains(.diacriticInsensitive): options.insert(.diacriticInsensitive)
      default: return nil
      }
    }
    guard !options.isEmpty else { return nil }
    self = options
  }

  /// `text` in the collation form these options compare: itself with no options, else
  /// decomposed, lowercased and stripped of nonspacing marks as asked, and recomposed.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  public func collationKey(_ text: String) -> String {
    guard !isEmpty else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      if contains(.diacriticInsensitive), scalar.properties.generalCategory == .nonspacingMark {
        continue
      }
      if contains(.caseInsensitive), scalar.properties.changesWhenLowercased {
        scalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
      } else {
        scalars.append(scalar)
      }
    }
    var key = String(scalars)
    // Lowercasing can produce new marks (İ → i + U+0307): strip those as well.
    if contains(.diacriticInsensitive), contains(.caseInsensitive) {
      key = String(String.UnicodeScalarView(key.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }))
    }
    return key.precomposedStringWithCanonicalMapping
  }
}

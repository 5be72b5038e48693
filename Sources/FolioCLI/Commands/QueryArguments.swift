import Folio

/// Reading `--where`, `--sort` and `--scope` into the library's query values, with errors that
/// name the option at fault.
enum QueryArguments {
  /// The condition of option `name` (`where`, `scope`); every record when it is absent.
  ///
  /// - Throws: ``OptionError`` wrapping the `QueryError`, with a caret under the fault.
  static func condition(_ arguments: ParsedArguments, _ name: String) throws -> Condition {
    guard let text = arguments[name] else { return .all }
    do {
      return try Condition(parsing: text)
    } catch {
      throw OptionError(option: name, underlying: error)
    }
  }

  /// The query on `entity` that `--where`, `--sort` and `limit` describe.
  ///
  /// - Throws: ``OptionError`` for a predicate that cannot be read or a sort key naming no
  ///   attribute or relationship of the entity.
  static func query(
    _ arguments: ParsedArguments, entity: String, schema: Schema, limit: Int? = nil
  ) throws -> Query {
    let ordering = Ordering(arguments["sort"] ?? "")
    let names =
      (schema.entity(named: entity)?.attributes.map(\.name) ?? [])
      + (schema.entity(named: entity)?.relationships.map(\.name) ?? [])
    for key in ordering.keys where !names.contains(key.field.components.first ?? "") {
      throw OptionError(
        option: "sort",
        underlying: CLIError(
          .invalidQuery,
          "\(entity) has no attribute or relationship '\(key.field.path)' to sort by; it has: "
            + names.joined(separator: ", ") + "."))
    }
    return Query(entity, where: try condition(arguments, "where"), sortedBy: ordering, limit: limit)
  }

  /// Runs `body`, naming option `name` in any `QueryError` it throws (a field the entity lacks,
  /// a sort key that cannot be compared).
  static func blaming<T>(_ name: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as QueryError {
      throw OptionError(option: name, underlying: error)
    }
  }
}

/// A library error caused by the value of one option, printed like an error in a file named
/// after the option: `--where:1:7: error: message [code]` with the library's caret display when
/// the error has a position in the option's text, else `--sort: error: message [code]`.
struct OptionError: Error, CustomStringConvertible {
  /// The option's name without dashes.
  var option: String
  /// The error the value caused.
  var underlying: any Error

  var description: String {
    if let error = underlying as? QueryError, let offset = error.offset {
      var text = "--\(option):1:\(offset + 1): error: \(error.message) [\(error.code)]"
      if let caret = error.caretRendering { text += "\n" + caret }
      return text
    }
    return "--\(option): \(underlying)"
  }
}

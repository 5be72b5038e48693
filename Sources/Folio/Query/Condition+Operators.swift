/// Operators that turn a field and a value into a ``Condition``.
extension Field {
  /// The field's value equals `value` (integers and doubles compare numerically).
  public static func == <Value: QueryValue>(lhs: Field, rhs: Value) -> Condition {
    Condition(.compare(lhs, .equal, rhs.queryValue))
  }

  /// The field's value does not equal `value`; true for a missing value.
  public static func != <Value: QueryValue>(lhs: Field, rhs: Value) -> Condition {
    Condition(.compare(lhs, .notEqual, rhs.queryValue))
  }

  /// The field's value is less than `value`; false when either is missing or their kinds differ.
  public static func < <Value: QueryValue>(lhs: Field, rhs: Value) -> Condition {
    Condition(.compare(lhs, .less, rhs.queryValue))
  }

  /// The field's value is at most `value`; false when either is missing or their kinds differ.
  public static func <= <Value: QueryValue>(lhs: Field, rhs: Value) -> Condition {
    Condition(.compare(lhs, .lessOrEqual, rhs.queryValue))
  }

  /// The field's value is greater than `value`; false when either is missing or their kinds
  /// differ.
  public static func > <Value: QueryValue>(lhs: Field, rhs: Value) -> Condition {
    Condition(.compare(lhs, .greater, rhs.queryValue))
  }

  /// The field's value is at least `value`; false when either is missing or their kinds differ.
  public static func >= <Value: QueryValue>(lhs: Field, rhs: Value) -> Condition {
    Condition(.compare(lhs, .greaterOrEqual, rhs.queryValue))
  }

  /// The field is missing or null: `"hiredAt" == nil`.
  public static func == (lhs: Field, rhs: _OptionalNilComparisonType) -> Condition {
    Condition(.isNull(lhs))
  }

  /// The field is present and not null: `"hiredAt" != nil`.
  public static func != (lhs: Field, rhs: _OptionalNilComparisonType) -> Condition {
    !Condition(.isNull(lhs))
  }

  /// The field is missing or null.
  public var isNull: Condition { Condition(.isNull(self)) }

  /// The field's value equals one of `values`.
  ///
  /// - Complexity: O(*m*) per record in the number of values.
  public func isIn<Value: QueryValue>(_ values: [Value]) -> Condition {
    Condition(.isIn(self, values.map(\.queryValue)))
  }

  /// For a string field, `value`'s UTF-8 bytes occur in it (case-sensitive); for an array attribute or a
  /// to-many relationship, `value` is an element (or a member's identifier).
  public func contains<Value: QueryValue>(_ value: Value) -> Condition {
    Condition(.contains(self, value.queryValue))
  }

  /// The field is a string whose UTF-8 bytes begin with `prefix`'s (case-sensitive).
  public func hasPrefix(_ prefix: String) -> Condition {
    Condition(.beginsWith(self, prefix))
  }

  /// The field is a string equal to `text` under `options`: `Field("name").equals("ann",
  /// .caseInsensitive)` is `name ==[c] 'ann'`. With no options, exactly `== text`.
  ///
  /// For an array attribute: some element is such a string.
  public func equals(_ text: String, _ options: TextOptions = []) -> Condition {
    options.isEmpty ? self == text : Condition(.text(self, .equal, text, options))
  }

  /// The field is a string containing `text` under `options` (`name contains[cd] 'jose'`); for
  /// an array attribute, some element equals `text` under `options`.
  public func contains(_ text: String, _ options: TextOptions) -> Condition {
    options.isEmpty ? contains(text) : Condition(.text(self, .contains, text, options))
  }

  /// The field is a string beginning with `prefix` under `options` (`name beginsWith[c] 'an'`).
  public func hasPrefix(_ prefix: String, _ options: TextOptions) -> Condition {
    options.isEmpty ? hasPrefix(prefix) : Condition(.text(self, .beginsWith, prefix, options))
  }

  /// The field is a string ending with `suffix` under `options` (`name endsWith 'son'`,
  /// `name endsWith[c] 'SON'`).
  public func hasSuffix(_ suffix: String, _ options: TextOptions = []) -> Condition {
    Condition(.text(self, .endsWith, suffix, options))
  }

  /// The field is a string that the regular expression `pattern` matches as a whole (Swift
  /// `Regex` syntax; `(?i)` makes it case-insensitive): `name matches '^A.*n$'`. For an array
  /// attribute, some element does.
  ///
  /// A pattern that is not a valid regular expression is reported when the query runs, as
  /// ``QueryError/Code/invalidOperand``.
  public func matches(_ pattern: String) -> Condition {
    Condition(.matches(self, pattern))
  }
}

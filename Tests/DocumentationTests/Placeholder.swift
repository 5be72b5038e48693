import Testing

@Suite struct DocumentationTestsBuild {
  @Test func targetCompiles() { #expect(Bool(true)) }
}

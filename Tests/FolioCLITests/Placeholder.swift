import Testing

@Suite struct FolioCLITestsBuild {
  @Test func targetCompiles() { #expect(Bool(true)) }
}

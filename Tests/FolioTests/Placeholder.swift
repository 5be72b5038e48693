import Testing

@Suite struct FolioTestsBuild {
  @Test func targetCompiles() { #expect(Bool(true)) }
}

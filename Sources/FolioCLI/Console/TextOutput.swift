import Foundation
import Synchronization

/// Somewhere the tool writes text: standard output, standard error, or a capture buffer.
///
/// Commands never call `print`; they write to the streams of their ``Console``, so tests can run
/// them in process and read exactly what a user would see.
public protocol TextOutput: Sendable {
  /// Writes `text` as is (no newline is added).
  func write(_ text: String)
}

/// A process stream: standard output or standard error, written unbuffered.
public struct FileOutput: TextOutput {
  private let handle: FileHandle

  /// The process's standard output.
  public static var standardOutput: FileOutput { FileOutput(handle: .standardOutput) }
  /// The process's standard error.
  public static var standardError: FileOutput { FileOutput(handle: .standardError) }

  private init(handle: FileHandle) { self.handle = handle }

  /// Writes the UTF-8 bytes of `text`; a closed stream (a pipe whose reader left) drops the text.
  public func write(_ text: String) {
    try? handle.write(contentsOf: Data(text.utf8))
  }
}

/// An in-memory stream that keeps everything written to it; tests read ``text``.
public final class CapturedOutput: TextOutput {
  private let buffer = Mutex("")

  /// Creates an empty capture.
  public init() {}

  /// Appends `text`.
  public func write(_ text: String) { buffer.withLock { $0 += text } }

  /// Everything written so far.
  public var text: String { buffer.withLock { $0 } }
}

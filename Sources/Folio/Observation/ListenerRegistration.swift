/// Keeps a commit listener registered while an observation's sequence or one of its iterators is
/// alive, and removes it when the last of them goes away or the stream terminates.
final class ListenerRegistration: Sendable {
  let store: Store
  let token: Int

  init(store: Store, token: Int) {
    self.store = store
    self.token = token
  }

  deinit { store.removeCommitListener(token) }
}

extension Store {
  /// The number of registered commit listeners (for tests that check observations clean up).
  var commitListenerCount: Int { current.withLock { $0.listeners.count } }
}

@testable import Folio

extension Store {
  /// Emulates a sync with delete-missing through transaction operations (until `store.sync`
  /// lands): upserts each item's attributes in order, then deletes the entity's records missing
  /// from `items`. A payload that changes nothing commits nothing.
  func emulateSync(_ entity: String, _ items: [JSONObject], identifier: String = "id") throws {
    try transaction { tx in
      var seen = Set<RecordID>()
      for item in items {
        guard let idValue = item[identifier], let id = RecordID(json: idValue) else { continue }
        seen.insert(id)
        if tx.get(entity, id) == nil {
          try tx.work.insert(entity, attributes: item)
        } else {
          try tx.work.setAttributes(entity, id, item)
        }
      }
      for id in tx.state.ids(entity) where !seen.contains(id) { try tx.work.delete(entity, id) }
    }
  }
}

import Dispatch

/// Lets go of `value` on another core: when the caller held the last copy (hand it over with
/// `consume`), freeing it (a million cards' strings, arrays and dictionaries take a good
/// part of a second) runs beside whatever the caller does next instead of before it.
public func freeInBackground<Value: Sendable>(_ value: consuming Value) {
    let last = value
    DispatchQueue.global().async { _ = last }
}

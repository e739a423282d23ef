/// A value handed to another thread where the compiler cannot see why that is safe; the
/// caller's comment says why.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

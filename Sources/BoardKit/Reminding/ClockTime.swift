/// A time of day on the board's clock (`08:00`), as `remind --digest-at` takes it.
public struct ClockTime: Sendable, Equatable {
    public var hour: Int
    public var minute: Int

    /// `8:00`, `08:00` or `17:30`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        self.hour = hour
        self.minute = minute
    }
}

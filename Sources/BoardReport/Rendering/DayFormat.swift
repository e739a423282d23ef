/// How day counts are written everywhere: one decimal, no exponent, no "-0.0".
enum DayFormat {
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let m = tenths.magnitude
        return "\(sign)\(m / 10).\(m % 10)"
    }
}

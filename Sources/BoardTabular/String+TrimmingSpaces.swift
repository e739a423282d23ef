extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        guard let f = first, let l = last, f == " " || f == "\t" || l == " " || l == "\t" else { return self }
        return String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

import BoardModel

extension ReaderOptions {
    /// What `--state-map` maps a state name onto (a category or a state id), if anything.
    /// Names match as headers do (`NameKey`): `in-progress=doing` maps "In Progress".
    public func stateMapTarget(for name: String) -> String? {
        if let exact = stateMap[name] { return exact }
        let key = NameKey.of(name)
        return stateMap.first { NameKey.of($0.key) == key }?.value
    }
}

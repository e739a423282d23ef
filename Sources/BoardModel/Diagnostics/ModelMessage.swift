/// The model's own diagnostics (`Diagnostic` tells where a target's messages go).
public enum ModelMessage: DiagnosticMessage, Equatable {
    /// `--skip-invalid` left `count` items out; `item` and `items` name one and several
    /// (`card`, `cards`).
    case itemsLeftOut(count: Int, item: String, items: String)

    public var code: DiagnosticCode {
        switch self {
        case .itemsLeftOut: .itemsLeftOut
        }
    }

    public var text: String {
        switch self {
        case .itemsLeftOut(let count, let item, let items):
            let what = count == 1 ? "1 \(item) was" : "\(count) \(items) were"
            return "\(what) left out (--skip-invalid): not readable; the warnings above say why"
        }
    }
}

import ArgumentParser
import BoardEditing
import BoardKit
import BoardModel
import BoardStore

// The conversation on a card from the terminal: each command is one step in the history,
// undone and redone like any other; who wrote and when are the step's.

/// `boardkit comment CARD TEXT`: adds a comment (or edits or removes one, by its id).
struct CommentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment", abstract: "Comment on a card (or edit or remove a comment).",
        discussion: "The comment is the text exactly as given (new lines kept); `show CARD` lists the comments with their ids.")

    @OptionGroup var target: OneCardFlags

    @Argument(help: "The comment's text.")
    var text: String?

    @Option(name: .long, help: ArgumentHelp("Replace the text of this comment.", valueName: "id"))
    var edit: String?

    @Option(name: .long, help: ArgumentHelp("Remove this comment.", valueName: "id"))
    var remove: String?

    func validate() throws {
        if edit != nil && remove != nil { throw ValidationError("--edit and --remove cannot go together") }
        if remove == nil && text == nil { throw ValidationError("give the comment's text") }
        if remove != nil && text != nil { throw ValidationError("--remove takes no text") }
    }

    func run() throws {
        try target.apply("comment") { stored, _ throws(StoreError) in
            let change: ConversationChange
            if let remove {
                try Self.require(comment: remove, on: stored.card)
                change = .removeComment(id: remove)
            } else {
                let written = try StoreCommand.checked(CardText.comment(text ?? ""), "TEXT")
                if let edit {
                    try Self.require(comment: edit, on: stored.card)
                    change = .editComment(id: edit, text: written)
                } else {
                    change = .comment(text: written)
                }
            }
            return [.update(card: stored.card.id, CardPatch(conversation: [change]))]
        }
    }

    private static func require(comment id: String, on card: Card) throws(StoreError) {
        guard card.comments.contains(where: { $0.id == id }) else {
            throw StoreError.refused(.invalidValue(field: "comment", value: id, accepted: .oneOf(card.comments.map(\.id))))
        }
    }
}

/// `boardkit check CARD ITEM`: adds an item to a checklist, ticks it, or takes it off.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Add, tick, untick or remove an item of a card's checklist.")

    @OptionGroup var target: OneCardFlags

    @Argument(help: "The item's text.")
    var item: String

    @Option(name: .long, help: "The checklist (made when missing).")
    var checklist = "Checklist"

    @Flag(help: "Tick the item, untick it, or take it off (without one: add it unticked, or leave its state).")
    var state: ItemState?

    enum ItemState: String, EnumerableFlag {
        case done, undone, remove
    }

    func run() throws {
        try target.apply("check") { stored, _ throws(StoreError) in
            let text = try StoreCommand.checked(CardText.title(item), "ITEM")
            let name = try StoreCommand.checked(CardText.title(checklist), "--checklist")
            let change: ConversationChange = switch state {
            case .remove?: .uncheck(checklist: name, item: text)
            case .done?: .check(checklist: name, item: text, done: true)
            case .undone?: .check(checklist: name, item: text, done: false)
            case nil: .check(checklist: name, item: text, done: nil)
            }
            return [.update(card: stored.card.id, CardPatch(conversation: [change]))]
        }
    }
}

/// `boardkit link CARD TYPE OTHER`: links two cards, both ways round.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Link a card to another (parent, child, blocks, blocked-by, relates, duplicates).",
        discussion: "The other card gets the link back (a parent's child is the child's parent), in the same step.")

    @OptionGroup var target: OneCardFlags

    @Argument(help: "How it stands to the other: \(LinkType.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: String

    @Argument(help: "The other card.")
    var other: String

    @Flag(name: .long, help: "Take the link off (both ways round).")
    var remove = false

    func run() throws {
        try target.apply("link") { stored, session throws(StoreError) in
            guard let linkType = LinkType(rawValue: type) else {
                throw StoreError.refused(.invalidValue(field: "TYPE", value: type, accepted: .oneOf(LinkType.allCases.map(\.rawValue))))
            }
            let from = stored.card.id
            let to = try session.store.card(other).card.id
            guard from != to else {
                throw StoreError.refused(.invalidValue(field: "OTHER", value: other, accepted: .text(problem: "must be another card than CARD")))
            }
            return CardEdit.linking(from, linkType, to, removing: remove)
        }
    }
}

/// `boardkit attach CARD URL`: attaches a link to a file or page (boardkit keeps the
/// address, never the file).
struct AttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach", abstract: "Attach a link to a file or page to a card (or take it off).")

    @OptionGroup var target: OneCardFlags

    @Argument(help: "The address (http or https).")
    var url: String

    @Option(name: .long, help: "The name shown (default: the address's last part).")
    var name: String?

    @Flag(name: .long, help: "Take every attachment with this address off.")
    var remove = false

    func run() throws {
        try target.apply("attach") { stored, _ throws(StoreError) in
            let address = try StoreCommand.checked(CardText.url(url), "URL")
            guard WebAddress.isWeb(address) else {
                throw StoreError.refused(.invalidValue(field: "URL", value: url, accepted: .oneOf(["http://…", "https://…"])))
            }
            let change: ConversationChange
            if remove {
                change = .detach(url: address)
            } else {
                let shown = try StoreCommand.checked(CardText.title(name ?? Attachment.defaultName(for: address)), "--name")
                change = .attach(Attachment(name: shown, url: address, upload: false))
            }
            return [.update(card: stored.card.id, CardPatch(conversation: [change]))]
        }
    }
}

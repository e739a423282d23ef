import ArgumentParser
import BoardEditing
import BoardKit
import BoardModel
import BoardStore
import Foundation

/// `boardkit access`: who may use a served board. People, roles and secrets live in the store,
/// so every `serve` of it (each instance of a PostgreSQL board) follows a change at once.
struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access",
        abstract: "Give people access to a served board, change their roles, take it away, rotate the feed link.",
        discussion: """
        Roles: viewer (sees the board and its history), editor (also changes cards and comments), admin \
        (also sees who has access). Each person gets their own link to the board page (also their API token, \
        in Authorization: Bearer) and their own feed link; changes they make are recorded under their name. \
        Links are shown once: the store keeps only their SHA-256. A board with no people is served open on \
        this machine only (docs/serve.md).
        """,
        subcommands: [Add.self, List.self, Role.self, Revoke.self, Relink.self, Rotate.self])

    /// Where the links point: the server's address and the board's name in its URLs.
    struct LinkFlags: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The server's address people open (serve --public-url, or http://HOST:PORT).", valueName: "URL"))
        var server = "http://127.0.0.1:8080"

        @Option(name: .long, help: ArgumentHelp("The board's name in the server's URLs (serve --board NAME=…; default: the store file's name, or a database address's board=).", valueName: "NAME"))
        var name: String?

        func base(_ store: StoreFlags) -> (server: String, name: String) {
            let server = self.server.hasSuffix("/") ? String(self.server.dropLast()) : self.server
            return (server, name ?? StoreLocation(store.path).boardName)
        }
    }

    /// The lines that hand a person their links.
    static func links(_ secrets: PersonSecrets, of person: String, _ link: LinkFlags, _ store: StoreFlags) -> String {
        let (server, name) = link.base(store)
        let query = person.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? person
        return """
            \(person)'s board link: \(server)/\(secrets.link)/\(name)/
            \(person)'s feed: \(server)/\(secrets.feed)/\(name).ics?assignee=\(query)
            (shown once: only their digests are kept; 'boardkit access relink \(person)' makes new ones)

            """
    }

    static func open(_ store: StoreFlags) throws(StoreError) -> BoardStore {
        try StoreSession(path: store.path, actor: nil).store
    }

    static func person(_ name: String) throws(StoreError) -> String {
        try StoreCommand.checked(CardText.name(name), "NAME")
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a person access with a role, and print their links.")
        @OptionGroup var store: StoreFlags
        @Argument(help: "The person's name, as the history will show it.") var name: String
        @Option(name: .long, help: "viewer, editor or admin.") var role: AccessRoleChoice = .editor
        @OptionGroup var link: LinkFlags

        func run() throws {
            try StoreCommand.run(store) { () throws(StoreError) in
                let name = try AccessCommand.person(self.name)
                let secrets = try AccessCommand.open(store).addPerson(name, role: role.role, by: StoreSession.loginName, at: .now())
                print("Gave \(name) \(role.role.rawValue) access.")
                print(AccessCommand.links(secrets, of: name, link, store), terminator: "")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the people with access and their roles.")
        @OptionGroup var store: StoreFlags

        func run() throws {
            try StoreCommand.run(store) { () throws(StoreError) in
                let people = try AccessCommand.open(store).people()
                guard !people.isEmpty else {
                    print("No people: the board is served open on this machine only ('boardkit access add NAME' gives someone a link).")
                    return
                }
                let width = people.map(\.name.count).max() ?? 0
                for p in people {
                    let by = p.addedBy.map { " by \($0)" } ?? ""
                    print("\(p.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(p.role.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  since \(p.added)\(by)")
                }
            }
        }
    }

    struct Role: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a person's role (from their next request on).")
        @OptionGroup var store: StoreFlags
        @Argument(help: "The person.") var name: String
        @Argument(help: "viewer, editor or admin.") var role: AccessRoleChoice

        func run() throws {
            try StoreCommand.run(store) { () throws(StoreError) in
                try AccessCommand.open(store).setRole(name, role.role)
                print("\(name) is now \(role.role.rawValue).")
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take a person's access away: their links open nothing from now on.")
        @OptionGroup var store: StoreFlags
        @Argument(help: "The person.") var name: String

        func run() throws {
            try StoreCommand.run(store) { () throws(StoreError) in
                try AccessCommand.open(store).revoke(name)
                print("Revoked \(name)'s access; what they did stays in the history under their name.")
            }
        }
    }

    struct Relink: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a person new links (a link lost or leaked): the old ones open nothing.")
        @OptionGroup var store: StoreFlags
        @Argument(help: "The person.") var name: String
        @OptionGroup var link: LinkFlags

        func run() throws {
            try StoreCommand.run(store) { () throws(StoreError) in
                let secrets = try AccessCommand.open(store).relink(name, at: .now())
                print(AccessCommand.links(secrets, of: name, link, store), terminator: "")
            }
        }
    }

    struct Rotate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give the board a new feed link: calendars subscribed to the old one must subscribe again.")
        @OptionGroup var store: StoreFlags
        @OptionGroup var link: LinkFlags

        func run() throws {
            try StoreCommand.run(store) { () throws(StoreError) in
                let token = try AccessCommand.open(store).rotateFeed(at: .now())
                let (server, name) = link.base(store)
                print("The board's feed: \(server)/\(token)/\(name).ics")
                print("Its report: \(server)/\(token)/\(name)/report.html")
                print("(shown once: only its digest is kept; the old feed link opens nothing now)")
            }
        }
    }
}

/// A role as typed.
enum AccessRoleChoice: String, ExpressibleByArgument, CaseIterable {
    case viewer, editor, admin
    var role: AccessRole { AccessRole(rawValue: rawValue) ?? .viewer }
}

import Testing
import BoardModel
import BoardStore
import BoardSync

/// The one place the sync's refusals are worded, pinned (BoardSyncTests drive the command).
@Suite("SyncError's wording")
struct SyncErrorMessageTests {
    @Test("every case's wording and where it points")
    func wording() {
        let url = "https://dav.example/cal/"
        let cases: [(SyncError, String)] = [
            (.noRemote, "no CalDAV collection to sync with; give its URL and a user once and the store remembers it"),
            (.badURL("ftp://x"), "'ftp://x' is not an http or https URL"),
            (.noPassword(user: "mina"),
             "no password for 'mina'; give it from a file or the environment (never as an argument)"),
            (.loginNeeded(url: url), "the server asks for a login (401) and no user was given; give a user name (and its password)"),
            (.passwordFile(path: "pw", message: "The file doesn’t exist."), "the password file cannot be read: The file doesn’t exist."),
            (.unreachable(url: url, why: .noAnswer),
             "the server cannot be reached: no answer (is the server running, and the address right?)"),
            (.unreachable(url: url, why: .certificate(reason: "it has expired")),
             "the server cannot be reached: the server's certificate could not be verified (it has expired); "
                + "the check can be skipped for a server one trusts"),
            (.unreachable(url: url, why: .timedOut(seconds: 60)),
             "the server cannot be reached: it did not answer within 60 seconds; nothing more was changed"),
            (.unreachable(url: url, why: .closed),
             "the server cannot be reached: it closed the connection before answering; nothing more was changed"),
            (.unreachable(url: url, why: .other("read timed out")), "the server cannot be reached: read timed out"),
            (.unauthorized(url: url), "the server refused the user name or password (401)"),
            (.notATodoCollection(url: url, why: .nothingThere), "not a CalDAV collection of to-dos: nothing at this URL (404)"),
            (.notATodoCollection(url: url, why: .notWebDAV(status: 405)),
             "not a CalDAV collection of to-dos: it answers PROPFIND with 405, not as a WebDAV collection"),
            (.notATodoCollection(url: url, why: .notACalendar),
             "not a CalDAV collection of to-dos: it is not a calendar (resourcetype has no calendar)"),
            (.notATodoCollection(url: url, why: .takes(["VEVENT", "VJOURNAL"])),
             "not a CalDAV collection of to-dos: the calendar takes VEVENT, VJOURNAL, not VTODO"),
            (.server(url: url, method: "PUT", status: 507), "the server answered PUT with 507 Insufficient Storage; nothing more was changed"),
            (.server(url: url, method: "PROPFIND", status: 599), "the server answered PROPFIND with 599; nothing more was changed"),
            (.notMultistatus(url: url), "the server's answer cannot be read: PROPFIND did not answer with a multistatus"),
            (.store(.nothingToUndo), "nothing to undo"),
        ]
        for (error, text) in cases { #expect(error.sentence() == text) }
        #expect(SyncError.server(url: url, method: "PUT", status: 507).diagnostic.location == SourceLocation(file: url))
        #expect(SyncError.noRemote.diagnostic.location == nil)
        #expect(SyncError.store(.missing(path: "b.db")).diagnostic.code == .storeMissing)
    }
}

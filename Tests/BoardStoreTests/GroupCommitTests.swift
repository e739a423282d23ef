import BoardModel
import BoardStore
import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// Writes through a store opened for group commit (what `serve` does): however many arrive
/// at once, each is its own step, each returns only once committed, and one that fails is
/// rolled back alone.
@Suite struct GroupCommitTests {
    @Test(arguments: StoreEngineUnderTest.allCases)
    func concurrentWritesEachLandAsTheirOwnStepAndAFailureStaysAlone(_ engine: StoreEngineUnderTest) throws {
        let tmp = try TemporaryFolder()
        let path = try engine.location("group.db", in: tmp)
        let states = [BoardState(id: "todo", name: "To do", category: .todo), BoardState(id: "done", name: "Done", category: .done)]
        _ = try BoardStore.create(path, board: Board(id: "g", name: "G", states: states),
                                  step: StepInfo(actor: "t", command: "init"))
        let store = try BoardStore.open(path, commits: .grouped)
        let writers = 16, each = 20
        let results = Mutex<[(writer: Int, step: Int64?, failed: StoreError?)]>([])
        // Threads of their own (not concurrentPerform, which runs as many at once as there are
        // cores): 16 writers really at once, as 16 requests to a server are.
        let finished = DispatchGroup()
        for w in 0..<writers {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                for n in 0..<each {
                    let id = "w\(w)-\(n)"
                    do throws(StoreError) {
                        // Every writer's fifth write expects a version the card never had: refused.
                        let edits: [CardEdit] = [.add(Card(id: id, title: id, state: "todo"))]
                        let step: AppliedStep?
                        if n % 5 == 4 {
                            let previous = "w\(w)-\(n - 1)"
                            step = try store.apply([.move(card: previous, state: "done", position: nil)],
                                                   by: StepInfo(actor: "w\(w)", command: "move"),
                                                   expecting: [previous: "not-its-version"])
                        } else {
                            step = try store.apply(edits, by: StepInfo(actor: "w\(w)", command: "add"))
                        }
                        results.withLock { $0.append((w, step?.step, nil)) }
                    } catch {
                        results.withLock { $0.append((w, nil, error)) }
                    }
                }
            }
        }
        finished.wait()
        let all = results.withLock { $0 }
        // Writes that arrived together shared transactions: fewer commits than writes.
        let commits = Int(try store.revision().description.split(separator: ".").last ?? "") ?? -1
        #expect(commits > 0 && commits < writers * each, "\(commits) commits for \(writers * each) writes")
        let steps = all.compactMap(\.step)
        #expect(all.count == writers * each)
        #expect(steps.count == writers * (each - each / 5), "every add landed")
        #expect(Set(steps).count == steps.count, "each write is its own step")
        #expect(all.filter { $0.failed != nil }.allSatisfy { if case .cardChanged = $0.failed! { true } else { false } })
        #expect(all.filter { $0.failed != nil }.count == writers * each / 5)
        // What was acknowledged is there, read by another process, and the log is in time order.
        let cards = try BoardStore.open(path, readOnly: true).cards()
        #expect(cards.count == steps.count)
        #expect(cards.allSatisfy { $0.card.state == "todo" }, "no refused move is half there")
        let check = try CommandRunner.boardkit(["validate", path])
        #expect(check.status == 0)
        #expect(!(check.stderr + check.stdoutText).contains("out-of-order"))
    }

    /// The server's way in: requests that wait for their commit without holding a thread,
    /// their edits decided from the board as their own transaction sees it.
    @Test(arguments: [CommitMode.grouped, .each], StoreEngineUnderTest.allCases)
    func waitingRequestsCommitTogetherAndARefusedOneChangesNothing(_ mode: CommitMode, _ engine: StoreEngineUnderTest) async throws {
        let tmp = try TemporaryFolder()
        let path = try engine.location("requests.db", in: tmp)
        let states = [BoardState(id: "todo", name: "To do", category: .todo), BoardState(id: "done", name: "Done", category: .done)]
        _ = try BoardStore.create(path, board: Board(id: "r", name: "R", states: states),
                                  step: StepInfo(actor: "t", command: "init"))
        let store = try BoardStore.open(path, commits: mode)
        let requests = 96
        let outcomes = await withTaskGroup(of: Result<AppliedStep?, NotOnThisBoard>?.self) { tasks in
            for n in 0..<requests {
                tasks.addTask {
                    // Every eighth asks for a state the board does not have: refused by its own check.
                    let state = n % 8 == 7 ? "doing" : "todo"
                    return try? await store.apply(by: StepInfo(actor: "r\(n)", command: "add")) {
                        draft throws(NotOnThisBoard) in
                        guard (try? draft.header())?.states.contains(where: { $0.id == state }) == true else {
                            throw NotOnThisBoard(state: state)
                        }
                        return [.add(Card(id: "c\(n)", title: "card \(n)", state: state))]
                    }
                }
            }
            return await tasks.reduce(into: []) { $0.append($1) }
        }
        let steps = outcomes.compactMap { try? $0?.get()?.step }
        #expect(outcomes.count == requests && outcomes.allSatisfy { $0 != nil }, "no store error")
        #expect(steps.count == requests - requests / 8 && Set(steps).count == steps.count, "each landed as its own step")
        #expect(outcomes.filter { if case .failure? = $0 { true } else { false } }.count == requests / 8)
        let commits = Int(try store.revision().description.split(separator: ".").last ?? "") ?? -1
        if mode == .each {
            #expect(commits == requests, "one transaction a request")
        } else {
            #expect(commits > 0 && commits < steps.count, "\(commits) commits for \(steps.count) writes")
        }
        let cards = try BoardStore.open(path, readOnly: true).cards()
        #expect(cards.count == steps.count && cards.allSatisfy { $0.card.state == "todo" })
    }

    /// A step in a group decides from the board as the steps before it in the same
    /// transaction left it (kept in memory rather than read behind their writes: `GroupRun`):
    /// its card, where the log and each column end. Many requests move the same few cards at
    /// once, each to the end of the column after the one it finds the card in: each move
    /// starts where the one before it ended, no two cards share a place, each gets its own
    /// step's events back (read together at the group's end), and undoing every move gives
    /// the board back.
    @Test(arguments: StoreEngineUnderTest.allCases)
    func aStepInAGroupDecidesFromTheStepsBeforeIt(_ engine: StoreEngineUnderTest) async throws {
        let tmp = try TemporaryFolder()
        let path = try engine.location("chain.db", in: tmp)
        let states = ["todo", "doing", "done"].map { BoardState(id: $0, name: $0, category: $0 == "done" ? .done : .todo) }
        let cards = (0..<6).map { Card(id: "c\($0)", title: "card \($0)", state: "todo", position: Double($0 + 1)) }
        _ = try BoardStore.create(path, board: Board(id: "m", name: "M", states: states, cards: cards),
                                  step: StepInfo(actor: "t", command: "init"))
        let before = try BoardStore.open(path, readOnly: true).cards()
        let store = try BoardStore.open(path, commits: .grouped)
        let requests = 120
        let applied = await withTaskGroup(of: AppliedStep?.self) { tasks in
            for n in 0..<requests {
                // Runs of moves of one card, so that a step often follows one of the same card.
                let id = "c\(n / 4 % cards.count)"
                tasks.addTask {
                    let made = try? await store.apply(by: StepInfo(actor: "r\(n)", command: "move"), reading: id) {
                        draft throws(StoreError) in
                        guard let card = try draft.card(id: id), let at = states.firstIndex(where: { $0.id == card.card.state }) else {
                            throw StoreError.refused(.unknownCard(id, close: []))
                        }
                        return [.move(card: id, state: states[(at + 1) % states.count].id, position: nil)]
                    }
                    return try? made?.get()
                }
            }
            return await tasks.reduce(into: []) { $0.append($1) }
        }
        #expect(applied.count == requests && applied.allSatisfy { $0 != nil }, "every move landed")
        for step in applied.compactMap({ $0 }) {
            let moved = step.cards.map(\.card.id)
            #expect(step.events.count == 1 && step.events.allSatisfy { $0.step == step.step && $0.kind == "moved" && moved == [$0.card] },
                    "step \(step.step)'s own events: \(step.events.map { "\($0.step) \($0.card) \($0.kind)" })")
        }
        let commits = Int(try store.revision().description.split(separator: ".").last ?? "") ?? -1
        #expect(commits > 0 && commits < requests, "moves shared transactions: \(commits) commits for \(requests) moves")
        for card in cards {
            // Oldest first: each move leaves from the column the one before it entered.
            let moves = try store.history(card: card.id).filter { $0.kind == "moved" }
            #expect(moves.count == requests / cards.count)
            let chain = zip([String?.some("todo")] + moves.map(\.to), moves.map(\.from))
            #expect(chain.allSatisfy { $0 == $1 }, "\(card.id): \(moves.map { "\($0.from ?? "-")→\($0.to ?? "-")" })")
        }
        let now = try store.cards()
        for state in states {
            let places = now.filter { $0.card.state == state.id }.compactMap(\.card.position)
            #expect(Set(places).count == places.count, "no two cards share a place in \(state.id): \(places)")
        }
        // On a thread of its own, as a terminal's undo: one after another, with no hop back
        // onto the test pool's threads between them (under the whole suite, each such hop
        // waited seconds).
        let undone = await withCheckedContinuation { (finished: CheckedContinuation<StoreError?, Never>) in
            Thread.detachNewThread {
                do throws(StoreError) {
                    for _ in 0..<requests { _ = try store.undo() }
                    finished.resume(returning: nil)
                } catch {
                    finished.resume(returning: error)
                }
            }
        }
        #expect(undone == nil)
        #expect(try store.cards() == before, "undoing every move gives the board back")
    }

    /// A group starts from what the group before it left only while no one else committed
    /// (`RememberedStart`): a change made through another process's store between two moves
    /// is seen by the second, which takes the next step's number and goes after the card the
    /// other put at the column's end.
    @Test(arguments: StoreEngineUnderTest.allCases)
    func aGroupAfterAnotherWritersCommitReadsTheBoardAgain(_ engine: StoreEngineUnderTest) async throws {
        let tmp = try TemporaryFolder()
        let path = try engine.location("remembered.db", in: tmp)
        let states = [BoardState(id: "todo", name: "To do", category: .todo), BoardState(id: "done", name: "Done", category: .done)]
        let cards = (0..<3).map { Card(id: "c\($0)", title: "card \($0)", state: "todo", position: Double($0 + 1)) }
        _ = try BoardStore.create(path, board: Board(id: "r", name: "R", states: states, cards: cards),
                                  step: StepInfo(actor: "t", command: "init"))
        let served = try BoardStore.open(path, commits: .grouped)
        let other = try BoardStore.open(path)
        func move(_ id: String) async throws -> AppliedStep? {
            try await served.apply(by: StepInfo(actor: "page", command: "move"), reading: id) { _ throws(StoreError) in
                [.move(card: id, state: "done", position: nil)]
            }.get()
        }
        let first = try #require(try await move("c0"))
        let added = try #require(try other.apply([.add(Card(id: "b", title: "b", state: "done"))], by: StepInfo(actor: "term", command: "add")))
        let second = try #require(try await move("c1"))
        #expect(added.step == first.step + 1 && second.step == added.step + 1)
        let done = StoredCard.inColumnOrder(try served.cards().filter { $0.card.state == "done" }).map(\.card.id)
        #expect(done == ["c0", "b", "c1"], "each went to the end of the column as it then was")
        // And with no one else between, the next group starts from what this one left.
        let third = try #require(try await move("c2"))
        #expect(third.step == second.step + 1)
        #expect(StoredCard.inColumnOrder(try served.cards().filter { $0.card.state == "done" }).map(\.card.id) == ["c0", "b", "c1", "c2"])
    }
}

private struct NotOnThisBoard: Error {
    var state: String
}

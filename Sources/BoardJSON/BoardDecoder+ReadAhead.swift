import BoardModel
import BoardIO

/// The decoder as the second core runs it (`ReadAhead`): one part of the file from a given
/// place, kept only when it read without a problem of any kind.
extension BoardDecoder {
    /// Decodes only the events array whose `[` is at `start` (on another core, see
    /// `ReadAhead`). Nil unless it read cleanly: after any problem at all, or a time that
    /// needs the board's zone, the array is decoded again in order.
    mutating func decodeEventsAhead(at start: Int) -> ReadAhead.Part<[Event]>? {
        startAhead(at: start)
        do { try decodeEvents() } catch { return nil }
        guard found.isClean else { return nil }
        return ReadAhead.Part(elements: board.events, offsets: offsets.events, end: s.pos)
    }

    /// Decodes the events from the one whose `{` is at `start` to the end of the array (on
    /// another core, see `ReadAhead`); nil unless they read cleanly. They are kept in chunks,
    /// so the reader moving them into the board's array frees them as it goes.
    mutating func decodeEventsAhead(from start: Int) -> ReadAhead.Part<ChunkedList<Event>>? {
        startAhead(at: start)
        var events = ChunkedList<Event>()
        reserve(&offsets.events, bytesPerElement: 64)
        do throws(JSONProblem) {
            var more = true, index = 0
            while try s.nextElement(first: &more) {
                if let event = try decodeEvent(index, model: events.count) { events.append(event) }
                index += 1
                releaseParsed()
            }
        } catch {
            return nil
        }
        guard found.isClean else { return nil }
        return ReadAhead.Part(elements: events, offsets: offsets.events, end: s.pos)
    }

    /// Decodes the cards from the one whose `{` is at `start` to the end of the array (on
    /// another core, see `ReadAhead`); nil unless they read cleanly.
    mutating func decodeCardsAhead(from start: Int) -> ReadAhead.Part<[Card]>? {
        startAhead(at: start)
        do { try decodeCardElements() } catch { return nil }
        guard found.isClean else { return nil }
        return ReadAhead.Part(elements: board.cards, offsets: offsets.cards, end: s.pos)
    }

    private mutating func startAhead(at start: Int) {
        s.pos = start
        pages = ReadPages(text, from: start, step: pages.step)
    }
}

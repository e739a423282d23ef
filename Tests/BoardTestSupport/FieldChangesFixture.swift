/// A canonical board whose `updated` events carry field changes of every kind: text and
/// lists, a side without a value (set, cleared, neither), an empty list, Korean, quotes,
/// commas, a backslash and a line break. Written exactly as boardkit writes it, so a test
/// can compare bytes. Text, not a `Board`, so every test target can use it.
public enum FieldChangesFixture {
    /// The board as canonical JSON (ends with a line feed).
    public static let json = #"""
    {
      "format": "boardkit/1",
      "board": {"id": "team-web", "name": "Web team", "timezone": "Asia/Seoul"},
      "states": [
        {"id": "todo", "name": "TODO", "category": "todo"},
        {"id": "doing", "name": "DOING", "category": "doing"},
        {"id": "done", "name": "DONE", "category": "done"}
      ],
      "cards": [
        {"id": "c1", "title": "Fix login", "state": "doing", "due": "2026-12-03", "created": "2026-11-02T09:00:00Z", "labels": ["bug", "ui"], "assignees": ["mina"], "fields": {"마감": "금요일, \"오후\""}},
        {"id": "c2", "title": "Write docs", "state": "todo", "created": "2026-11-02T19:00:00+09:00"}
      ],
      "events": [
        {"card": "c1", "at": "2026-11-02T09:00:00Z", "type": "created", "to": "todo", "actor": "mina"},
        {"card": "c2", "at": "2026-11-02T19:00:00+09:00", "type": "created", "to": "todo"},
        {"card": "c1", "at": "2026-11-03T18:30:00+09:00", "type": "updated", "actor": "mina", "changes": [{"field": "due", "old": "2026-12-01", "new": "2026-12-03"}, {"field": "labels", "old": ["bug"], "new": ["bug", "ui"]}]},
        {"card": "c1", "at": "2026-11-04T09:00:00Z", "type": "moved", "from": "todo", "to": "doing", "actor": "mina"},
        {"card": "c1", "at": "2026-11-05T09:00:00Z", "type": "updated", "changes": [{"field": "fields.마감", "new": "금요일, \"오후\""}, {"field": "assignees", "old": [], "new": ["mina"]}, {"field": "url", "old": "https://example.com/a,b"}, {"field": "title", "old": "Fix log-in \\ \"now\"", "new": "Fix login"}]},
        {"card": "c2", "at": "2026-11-06T11:00:00+09:00", "type": "updated", "actor": "준호", "changes": [{"field": "body", "old": "line one\nline two"}, {"field": "start"}]}
      ]
    }

    """#
}

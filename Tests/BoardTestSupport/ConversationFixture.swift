/// A canonical board whose cards carry a conversation of every kind: comments (one edited,
/// Korean, Markdown, quotes, commas, a line break, an emoji), checklists (done and open
/// items, an item's due date and assignee), attachments (an upload with its type, size,
/// time and who; a link), and links kept both ways round (parent/child, blocks/blocked-by).
/// Written exactly as boardkit writes it, so a test can compare bytes.
public enum ConversationFixture {
    /// The board as canonical JSON (ends with a line feed).
    public static let json = #"""
    {
      "format": "boardkit/2",
      "board": {"id": "team-web", "name": "Web team", "timezone": "Asia/Seoul"},
      "states": [
        {"id": "todo", "name": "TODO", "category": "todo"},
        {"id": "doing", "name": "DOING", "category": "doing"},
        {"id": "done", "name": "DONE", "category": "done"}
      ],
      "cards": [
        {"id": "sso", "title": "Single sign-on", "state": "doing", "created": "2026-11-02T09:00:00Z", "comments": [{"id": "5f1a", "author": "mina", "at": "2026-11-20T09:15:00+09:00", "text": "Okta first, 다음은 Azure.\nThen **Google**; \"soon\" 👍"}, {"id": "5f1b", "author": "jisoo", "at": "2026-11-21T10:00:00Z", "text": "Agreed, see the plan", "edited": "2026-11-21T10:05:00Z"}], "checklists": [{"id": "k1", "name": "Launch", "items": [{"text": "Write the runbook", "done": true, "due": "2026-12-01", "assignee": "mina"}, {"text": "Tell support, then sales", "done": false}]}, {"name": "체크리스트", "items": [{"text": "번역", "done": false, "due": "2026-12-03T18:00:00+09:00"}]}], "attachments": [{"name": "plan.pdf", "url": "https://files.example.org/plan.pdf", "type": "application/pdf", "size": 48213, "at": "2026-11-20T09:16:00+09:00", "by": "mina", "upload": true}, {"name": "Design doc", "url": "https://docs.example.org/d/1", "upload": false}], "links": [{"type": "child", "card": "okta"}, {"type": "blocks", "card": "docs"}]},
        {"id": "okta", "title": "Okta", "state": "todo", "created": "2026-11-02T09:00:00Z", "links": [{"type": "parent", "card": "sso"}]},
        {"id": "docs", "title": "Docs", "state": "todo", "created": "2026-11-02T09:00:00Z", "comments": [{"id": "9", "at": "2026-11-22T08:00:00Z", "text": "no author here"}], "links": [{"type": "blocked-by", "card": "sso"}]}
      ],
      "events": [
        {"card": "sso", "at": "2026-11-02T09:00:00Z", "type": "created", "to": "todo"},
        {"card": "okta", "at": "2026-11-02T09:00:00Z", "type": "created", "to": "todo"},
        {"card": "docs", "at": "2026-11-02T09:00:00Z", "type": "created", "to": "todo"},
        {"card": "sso", "at": "2026-11-03T09:00:00Z", "type": "moved", "from": "todo", "to": "doing", "actor": "mina"}
      ]
    }

    """#
}

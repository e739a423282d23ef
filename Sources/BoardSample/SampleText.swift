/// Word lists for sample cards: a Korean and English team's board, with the punctuation,
/// quotes, commas, line breaks and emoji that break naive CSV and calendar writers.
enum SampleText {
    static let englishVerbs = ["Fix", "Add", "Refactor", "Document", "Review", "Migrate",
                               "Speed up", "Test", "Design", "Remove"]
    static let englishObjects = ["login redirect loop", "CSV export", "billing page",
                                 "search filters", "onboarding emails", "dark mode",
                                 "API rate limits", "release checklist", "crash on launch",
                                 "weekly report", "\"Save\" button state", "user settings, part 2"]
    static let koreanTitles = ["로그인 오류 수정", "결제 페이지 개선", "검색 필터 추가",
                               "주간 보고서 자동화", "온보딩 메일 문구 검토", "배포 체크리스트 정리",
                               "모바일 레이아웃 깨짐", "알림 설정, 2단계", "\"저장\" 버튼 상태 수정",
                               "데이터 이전 계획"]
    static let bodies = [
        "",
        "Steps to reproduce:\n1. Open \"Settings\", then click Save\n2. See the error 😅",
        "Customer said: \"it worked yesterday\", so check last deploy.",
        "재현 방법:\n1. 로그인 후 \"설정\" 열기\n2. 저장, 새로고침 🙏",
        "Blocked by the API team; see thread.\n\n- [ ] design\n- [x] estimate",
        "Numbers: 1,234 rows; 5,678 bytes; tab\there.",
        "Done when the chart matches the spreadsheet 📈",
        "회의록: 다음 주 화요일까지, 담당자 확인 필요",
    ]
    static let labels = ["bug", "feature", "ops", "design", "docs", "urgent", "문서", "고객"]
    static let assignees = ["mina", "jisoo", "alex", "sam", "hyunwoo", "dana"]
    static let priorities = ["P1", "P2", "P3"]
    static let points = ["1", "2", "3", "5", "8"]
    static let components = ["web", "api", "mobile", "infra"]
}

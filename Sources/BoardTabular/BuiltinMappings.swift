// Generated from templates/mappings/*.json by templates/mappings/embed.py; do not edit.
// The presets are data files; they are embedded so the binary needs no files beside it.
enum BuiltinMappings {
    static let files: [(String, String)] = []
}

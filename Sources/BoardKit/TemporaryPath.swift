import Foundation

/// Names for temporary files beside their final place, so the final rename stays on one
/// file system (and is therefore atomic).
enum TemporaryPath {
    static func make(near folder: String, name: String) -> String {
        let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        return (folder as NSString).appendingPathComponent(".\(name).\(unique).tmp")
    }
}

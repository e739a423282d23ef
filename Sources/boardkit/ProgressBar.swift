import BoardIO
import BoardKit
import Dispatch
import Foundation
import Synchronization

/// The progress bar on standard error (#18): `reading board.json  ━━━━━━━━━╸──────  58%  4 s
/// left`, from what `ProgressMeter` says, redrawn in place five times a second. Only on a
/// terminal, never with `--quiet`, and only once a run has taken about a second (a quick
/// conversion shows nothing); the line is cleared when the run is done.
final class ProgressBar: @unchecked Sendable {   // the timer is set once; DispatchSource is thread-safe but not marked Sendable
    private struct Shown {
        var phase: ProgressMeter.Phase?
        var phaseStart = ContinuousClock.now
        var drawn = false
        var finished = false
    }

    private let timer: (any DispatchSourceTimer)?
    private let shown = Mutex(Shown())
    /// What each phase is called on the line: `reading board.json`, `writing out.xlsx`.
    private let labels: [ProgressMeter.Phase: String]

    /// `quiet`: `--quiet`. Nothing is drawn unless standard error is a terminal, nor in a
    /// phase `labels` does not name.
    init(quiet: Bool, labels: [ProgressMeter.Phase: String]) {
        self.labels = labels
        guard !quiet, isatty(STDERR_FILENO) != 0 else { timer = nil; return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        self.timer = timer
        // BOARDKIT_PROGRESS_AFTER (seconds) lets a test see the bar without a long run.
        let after = ProcessInfo.processInfo.environment["BOARDKIT_PROGRESS_AFTER"].flatMap(Double.init) ?? 1
        timer.schedule(deadline: .now() + after, repeating: 0.2)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    /// Stops drawing and clears the line. (Drawing and clearing hold the same lock, so a
    /// tick already under way cannot draw after the line is cleared.)
    func finish() {
        guard let timer else { return }
        timer.cancel()
        shown.withLock { s in
            if s.drawn { StandardStreams.err("\r\u{1B}[K") }
            s.drawn = false
            s.finished = true
        }
    }

    private func draw() {
        guard let now = ProgressMeter.shared.reading, let label = labels[now.phase] else { return }
        shown.withLock { s in
            guard !s.finished else { return }
            if s.phase != now.phase { s.phase = now.phase; s.phaseStart = .now }
            s.drawn = true
            StandardStreams.err("\r\u{1B}[K" + Self.line(label: label, now, elapsed: ContinuousClock.now - s.phaseStart))
        }
    }

    /// The bar's text: label, bar, percent and time left (once there is enough to tell).
    static func line(label: String, _ r: ProgressMeter.Reading, elapsed: Duration, width: Int = 24) -> String {
        let f = r.fraction
        let filled = Int(f * Double(width))
        let bar = String(repeating: "━", count: filled) + String(repeating: "─", count: width - filled)
        var text = "\(label)  \(bar) \(String(format: "%3d", Int(f * 100)))%"
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if f >= 0.02, f < 1, seconds >= 1 {
            let left = Int((seconds * (1 - f) / f).rounded())
            text += left >= 60 ? "  \(left / 60) min \(left % 60) s left" : "  \(left) s left"
        }
        return text
    }
}

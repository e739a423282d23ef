import Testing
@testable import BoardIO

@Suite struct PermutationTests {
    @Test func putsItemsInTheGivenOrderAsAMapWould() {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 10, 1000] {
            let items = (0..<count).map { "item \($0)" }
            for _ in 0..<5 {
                let order = Array(items.indices).shuffled(using: &random)
                var permuted = items
                permute(&permuted, by: order)
                #expect(permuted == order.map { items[$0] })
            }
        }
    }

    @Test func sortsByAPermutationOfIndices() {
        var times = [5, 3, 9, 1, 3, 7]
        let order = times.indices.sorted { times[$0] != times[$1] ? times[$0] < times[$1] : $0 < $1 }
        permute(&times, by: order)
        #expect(times == [1, 3, 3, 5, 7, 9])
    }
}

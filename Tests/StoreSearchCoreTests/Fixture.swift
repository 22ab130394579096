import Foundation

/// Test bodies written by scripts/generate-fixtures.py in the shape of real API answers.
enum Fixture {
    static func data(_ name: String) -> Data {
        let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!
        return try! Data(contentsOf: url)
    }
}

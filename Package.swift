// swift-tools-version:6.1
import PackageDescription

// The shape is pandoc's: one model (BoardModel), one folder per format, and an umbrella
// (BoardKit) that knows every format; no format target depends on another. README's Layout
// table is this graph in words, checked against it by Tests/imports_check.py.
let package = Package(
    name: "boardkit",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "BoardKit", targets: ["BoardKit"]),
        .executable(name: "boardkit", targets: ["boardkit"]),
    ],
    traits: [
        // The store and access fuzz targets link the server stack (NIO, BoringSSL, Hummingbird): with them a sanitized fuzz build takes ten minutes on two cores, so
        // `make test` builds the format targets alone (`--disable-default-traits`).
        .trait(name: "ServerFuzzTargets", description: "The fuzz targets store and access (and the server stack they link)"),
        .default(enabledTraits: ["ServerFuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // SHA-256 of the secrets a store keeps (BoardStore/Access).
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // Round-trip property tests (Tests/BoardRoundTripTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // System libraries from Debian (`make deps` installs them).
        .systemLibrary(name: "CXlsxWriter", pkgConfig: "xlsxwriter",
                       providers: [.apt(["libxlsxwriter-dev"])]),
        .systemLibrary(name: "CCsv", providers: [.apt(["libcsv-dev"])]),
        // zlib: BoardXLSX inflates workbook parts with it (its own zip reader), BoardServer gzips feeds.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libpq, PostgreSQL's own client library: the store in a PostgreSQL database.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // Checks that what `print` wrote reached standard output (see StandardStreams).
        .target(name: "CStandardOutput"),

        // The model every format reads into and writes from.
        .target(name: "BoardModel"),
        // What every format shares, on the model only: the reader and writer contract and
        // options, and the building blocks.
        .target(name: "BoardIO", dependencies: ["BoardModel"]),
        // The rules every board read goes through, whatever the format (the pipeline and the fuzz contract run them).
        .target(name: "BoardValidation", dependencies: ["BoardModel", "BoardIO"]),
        .target(name: "BoardSample", dependencies: ["BoardModel", "BoardIO"]),
        // What a person types, for every caller that takes it (terminal, page, sync): card
        // text, dates, filters.
        .target(name: "BoardEditing", dependencies: ["BoardModel"]),

        // Formats: each depends on the model and the shared layer only (and on its own C
        // library; CSV and XLSX on the tabular mapping they share).
        .target(name: "BoardJSON", dependencies: ["BoardModel", "BoardIO"]),
        .target(name: "BoardTabular", dependencies: ["BoardModel", "BoardIO"]),
        .target(name: "BoardCSV", dependencies: ["BoardModel", "BoardIO", "BoardTabular", "CCsv"]),
        .target(name: "BoardXLSX", dependencies: ["BoardModel", "BoardIO", "BoardTabular", "CXlsxWriter", "CZlib"]),
        .target(name: "BoardICS", dependencies: ["BoardModel", "BoardIO"]),
        .target(name: "BoardForeign", dependencies: ["BoardModel", "BoardIO"]),

        // The store: a board boardkit holds itself, with its change log, written once over a
        // small engine seam: SQLite (through GRDB) or PostgreSQL (through libpq).
        .target(name: "BoardStore", dependencies: [
            "BoardModel", "BoardIO", "CLibPQ",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),

        // Sync: a store with a CalDAV to-do collection (AsyncHTTPClient for HTTP).
        .target(name: "BoardSync", dependencies: [
            "BoardModel", "BoardIO", "BoardStore", "BoardICS", "BoardEditing",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),

        // The words boardkit says to people, in each language it speaks (the report, history,
        // show and the board page share them).
        .target(name: "BoardLocale", dependencies: ["BoardModel"]),

        // Mail: messages (MIME, RFC 2047 headers) handed to the system's mailer (`sendmail -t`).
        .target(name: "BoardMail", dependencies: ["BoardModel"]),

        // Reports render through templates; the XLSX report uses libxlsxwriter directly, laid
        // out for printing as BoardXLSX lays out the board workbook.
        .target(name: "BoardReport", dependencies: [
            "BoardModel", "BoardIO", "BoardLocale", "BoardXLSX", "CXlsxWriter",
            .product(name: "Mustache", package: "swift-mustache"),
        ], resources: [.copy("Templates")]),

        // The umbrella: format registry, sniffing, the convert pipeline, atomic output.
        .target(name: "BoardKit", dependencies: [
            "BoardModel", "BoardIO", "BoardValidation", "BoardJSON", "BoardTabular", "BoardCSV", "BoardXLSX",
            "BoardICS", "BoardForeign", "BoardLocale", "BoardReport", "BoardStore", "BoardSync", "BoardEditing", "BoardMail",
            "CStandardOutput",
        ]),
        // `serve`: feeds, the live report, and the board page (its CSS and script as resources).
        .target(name: "BoardServer", dependencies: [
            "BoardKit", "BoardModel", "BoardIO", "BoardStore", "BoardLocale", "BoardReport", "BoardJSON", "BoardICS", "BoardEditing",
            "CZlib",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Yams", package: "Yams"),
        ], resources: [.copy("Assets")]),
        .executableTarget(name: "boardkit", dependencies: [
            "BoardKit", "BoardModel", "BoardIO", "BoardSample", "BoardLocale", "BoardReport", "BoardServer", "BoardStore",
            "BoardSync", "BoardEditing",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Fuzzing (docs/fuzzing.md): the contract each reader is checked against, and the
        // libFuzzer entry point (`make fuzz`; a no-op executable in a plain build).
        .target(name: "BoardFuzzCheck", dependencies: [
            "BoardModel", "BoardIO", "BoardValidation", "BoardJSON", "BoardCSV", "BoardXLSX", "BoardICS", "BoardForeign",
            .target(name: "BoardStore", condition: .when(traits: ["ServerFuzzTargets"])),
            .target(name: "BoardServer", condition: .when(traits: ["ServerFuzzTargets"])),
        ], path: "Fuzz/BoardFuzzCheck"),
        .executableTarget(name: "boardkit-fuzz", dependencies: ["BoardFuzzCheck"], path: "Fuzz/boardkit-fuzz"),

        // Runs the built binary and the Python oracles for the tests.
        .target(name: "BoardTestSupport", path: "Tests/BoardTestSupport"),

        .testTarget(name: "BoardModelTests", dependencies: ["BoardModel", "BoardIO", "BoardSample", "BoardValidation"]),
        .testTarget(name: "BoardIOTests", dependencies: ["BoardIO", "BoardModel"]),
        .testTarget(name: "BoardEditingTests", dependencies: ["BoardEditing", "BoardModel"]),
        .testTarget(name: "BoardMailTests", dependencies: ["BoardTestSupport", "BoardMail", "BoardModel"]),
        .testTarget(name: "BoardJSONTests", dependencies: ["BoardTestSupport", "BoardModel", "BoardJSON", "BoardIO", "BoardSample", "BoardValidation"]),
        .testTarget(name: "BoardCSVTests", dependencies: ["BoardValidation", "BoardTestSupport", "BoardModel", "BoardCSV", "BoardIO", "BoardTabular", "BoardSample", "BoardKit"]),
        .testTarget(name: "BoardXLSXTests", dependencies: ["BoardTestSupport", "BoardModel", "BoardTabular", "BoardXLSX", "BoardIO", "BoardSample", "BoardKit", "BoardJSON"]),
        .testTarget(name: "BoardSyncTests", dependencies: ["BoardTestSupport", "BoardSync"]),
        .testTarget(name: "BoardICSTests", dependencies: ["BoardValidation", "BoardTestSupport", "BoardModel", "BoardICS", "BoardIO", "BoardSample", "BoardKit"]),
        .testTarget(name: "BoardForeignTests", dependencies: ["BoardValidation", "BoardTestSupport", "BoardModel", "BoardForeign", "BoardIO", "BoardICS", "BoardSample", "BoardKit"]),
        .testTarget(name: "BoardReportTests", dependencies: ["BoardTestSupport", "BoardModel", "BoardReport", "BoardSample"]),
        .testTarget(name: "BoardServerTests", dependencies: ["BoardTestSupport", "BoardModel", "BoardServer", "BoardKit", "BoardStore",
                                                          .product(name: "NIOCore", package: "swift-nio")]),
        .testTarget(name: "BoardStoreTests", dependencies: ["BoardValidation", "BoardTestSupport", "BoardModel", "BoardStore", "BoardIO", "BoardSample", "BoardKit"]),
        .testTarget(name: "BoardKitTests", dependencies: ["BoardValidation", "BoardTestSupport", "BoardKit", "BoardStore", "BoardSync",
                                                        "BoardFuzzCheck", "BoardModel", "BoardIO", "BoardCSV", "BoardICS",
                                                        "BoardTabular", "BoardLocale", "BoardReport", "BoardMail"]),
        .testTarget(name: "BoardRoundTripTests", dependencies: ["BoardValidation", 
            "BoardTestSupport", "BoardKit", "BoardModel", "BoardIO", "BoardJSON", "BoardTabular", "BoardCSV", "BoardICS",
            "BoardForeign",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
    ]
)

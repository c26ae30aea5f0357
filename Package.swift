// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "budget",
    products: [
        .executable(name: "budget", targets: ["budget"]),
        .library(name: "BudgetKit", targets: ["BudgetKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libxml2 is not linked: BudgetKit loads it when it first reads XML (LibXML2.swift), and
        // the module declares the part of its ABI used, so no pkg-config (its -lxml2) either.
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2"),
        .target(name: "BudgetKit", dependencies: ["CSQLite", "CLibXML2"]),
        .target(name: "BudgetCLI", dependencies: ["BudgetKit"]),
        .executableTarget(name: "budget", dependencies: ["BudgetCLI"]),
        .executableTarget(name: "budget-bench", dependencies: ["BudgetKit", "BudgetCLI"]),
        .executableTarget(name: "budget-live-example", dependencies: ["BudgetKit"]),
        .testTarget(name: "BudgetKitTests", dependencies: ["BudgetKit"], exclude: ["Fixtures", "BankFiles/Corpus"]),
        .testTarget(name: "BudgetCLITests", dependencies: ["BudgetCLI", "BudgetKit"]),
    ],
    swiftLanguageModes: [.v6]
)

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
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
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

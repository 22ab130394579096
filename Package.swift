// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StoreSearch",
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .target(name: "Gtk", dependencies: ["CGtk"]),
        .target(name: "HTTP", dependencies: ["CSoup"]),
        .systemLibrary(name: "CIntl"),
        .target(name: "StoreSearchCore", dependencies: ["CIntl"]),
        .target(name: "StoreSearchApp", dependencies: ["Gtk", "HTTP", "StoreSearchCore"]),
        .executableTarget(name: "storesearch", dependencies: ["StoreSearchApp"]),
        .executableTarget(name: "storesearch-bench", dependencies: ["StoreSearchApp", "Gtk", "HTTP", "StoreSearchCore"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "Gtk"]),
        .testTarget(name: "StoreSearchCoreTests", dependencies: ["StoreSearchCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "StoreSearchAppTests", dependencies: ["StoreSearchApp", "Gtk", "HTTP", "StoreSearchCore"]),
    ],
    swiftLanguageModes: [.v6]
)

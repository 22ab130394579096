// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StoreSearch",
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .target(name: "Gtk", dependencies: ["CGtk"]),
        // What tests and the bench ask of widgets beyond what the app does (no product links it).
        .target(name: "GtkTesting", dependencies: ["Gtk", "CGtk", "Adw", "CAdw"]),
        .target(name: "Adw", dependencies: ["Gtk", "CAdw"]),
        .target(name: "HTTP", dependencies: ["CSoup"]),
        // What tests and the bench ask of the local server beyond what the app does: counting requests.
        .target(name: "HTTPTesting", dependencies: ["HTTP"]),
        .systemLibrary(name: "CIntl"),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "StoreSearchCore", dependencies: ["CIntl", "CGLib"]),
        // Resources/*.ui and *.css as a GResource compiled in, written at build time (Plugins/GResource).
        .target(name: "CompiledResources", dependencies: ["CGtk"], plugins: ["GResource"]),
        .plugin(name: "GResource", capability: .buildTool()),
        // One typed struct per Resources/*.ui, generated at build time (Plugins/UIOutlets).
        .executableTarget(name: "ui-outlets"),
        .plugin(name: "UIOutlets", capability: .buildTool(), dependencies: ["ui-outlets"]),
        .target(
            name: "StoreSearchApp", dependencies: ["Gtk", "Adw", "HTTP", "StoreSearchCore", "CompiledResources"],
            plugins: ["UIOutlets"]),
        .executableTarget(name: "storesearch", dependencies: ["StoreSearchApp"]),
        .executableTarget(
            name: "storesearch-bench",
            dependencies: [
                "StoreSearchApp", "Gtk", "GtkTesting", "Adw", "HTTP", "HTTPTesting",
                "StoreSearchCore",
            ]),
        // Helpers more than one test target uses (no product depends on it).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "GtkTesting"]),
        .testTarget(
            name: "HTTPTests", dependencies: ["HTTP", "HTTPTesting", "Gtk", "GtkTesting", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "StoreSearchCoreTests", dependencies: ["StoreSearchCore", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "StoreSearchAppTests",
            dependencies: [
                "StoreSearchApp", "Gtk", "GtkTesting", "Adw", "HTTP", "HTTPTesting",
                "StoreSearchCore", "TestSupport",
            ],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)

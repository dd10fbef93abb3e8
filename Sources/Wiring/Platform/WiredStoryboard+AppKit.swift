#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// An `NSStoryboard` that injects every controller it instantiates with the container it was
/// made for: the AppKit form of the UIKit `WiredStoryboard`.
///
/// ```swift
/// let storyboard = WiredStoryboard.create(name: "Preferences", container: .preferencesUI)
/// let window = storyboard.instantiateInitialController() as? NSWindowController
/// ```
///
/// `NSStoryboard` is not main-actor isolated, so this class only calls Wiring's own
/// (nonisolated) injection on what it instantiates. Controllers that AppKit embeds while
/// decoding a scene are injected by ``injectDestination(of:storyboardNamed:)`` from
/// `prepare(for:sender:)`, like those reached through a storyboard reference.
///
/// Compiled only where AppKit exists; Wiring's CI runs on Linux, so this file is reviewed against
/// AppKit's documented API rather than built there.
open class WiredStoryboard: NSStoryboard {
    /// The container that injects what this storyboard instantiates; the root when `nil`.
    public private(set) var container: DependencyContainer?

    /// Each storyboard made by ``create(name:bundle:container:)``, by name, for references.
    @MainActor private static var containers: [String: DependencyContainer] = [:]

    /// Makes the storyboard `name` in `bundle`, injected by `container` (the root when `nil`).
    ///
    /// `NSStoryboard(name:bundle:)` is the Objective-C factory `storyboardWithName:bundle:`; sent to
    /// this class, it makes an instance of this class, which Swift cannot ask a factory
    /// initializer for.
    @MainActor
    public class func create(name: String, bundle: Bundle? = nil, container: DependencyContainer? = nil) -> Self {
        let made = perform(#selector(NSStoryboard.init(name:bundle:)), with: name, with: bundle)?.takeUnretainedValue()
        guard let storyboard = made as? Self else {
            preconditionFailure("Wiring: NSStoryboard(name: \"\(name)\") did not make a \(Self.self)")
        }
        storyboard.container = container
        if let container { containers[name] = container }
        return storyboard
    }

    open override func instantiateController(withIdentifier identifier: NSStoryboard.SceneIdentifier) -> Any {
        inject(super.instantiateController(withIdentifier: identifier))
    }

    open override func instantiateInitialController() -> Any? {
        super.instantiateInitialController().map { inject($0) }
    }

    private func inject(_ controller: Any) -> Any {
        if let object = controller as? NSObject {
            (container ?? .shared).inject(into: object)
        }
        return controller
    }

    /// Injects a segue's destination with the container that the storyboard `named` was created
    /// with: for a segue through a storyboard reference, or an embed segue. Call it from
    /// `prepare(for:sender:)`.
    ///
    /// ```swift
    /// override func prepare(for segue: NSStoryboardSegue, sender: Any?) {
    ///     WiredStoryboard.injectDestination(of: segue, storyboardNamed: "Preferences")
    /// }
    /// ```
    @MainActor
    public static func injectDestination(of segue: NSStoryboardSegue, storyboardNamed name: String) {
        guard let destination = segue.destinationController as? NSObject else { return }
        (containers[name] ?? .shared).inject(into: destination)
    }
}
#endif

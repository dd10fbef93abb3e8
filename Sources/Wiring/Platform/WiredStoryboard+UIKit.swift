#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UIStoryboard` that injects every view controller it instantiates, and their children,
/// with the container it was made for: SwinjectStoryboard's and DITranquillity's idea, without
/// swizzling.
///
/// ```swift
/// extension DependencyContainer {
///     static let profileUI = module {
///         injection(for: ProfileViewController.self) { controller, container in
///             controller.backend = container.resolve() as BackendProtocol
///         }
///     }
/// }
///
/// let storyboard = WiredStoryboard.create(name: "Profile", container: .profileUI)
/// let profile = storyboard.instantiateInitialViewController()   // injected by .profileUI
/// ```
///
/// A segue inside the storyboard goes through ``instantiateViewController(withIdentifier:)``,
/// so its destination is injected too. A segue through a *storyboard reference* is made by UIKit
/// with a plain `UIStoryboard`; call ``injectDestination(of:)`` from `prepare(for:sender:)` and the
/// destination is injected by the container that the referenced storyboard was created with,
/// which is its own module's.
///
/// Compiled only where UIKit exists; Wiring's CI runs on Linux, so this file is reviewed against
/// UIKit's documented API rather than built there.
open class WiredStoryboard: UIStoryboard {
    /// The container that injects what this storyboard instantiates; the root when `nil`.
    public private(set) var container: DependencyContainer?

    /// Each storyboard made by ``create(name:bundle:container:)``, by name, for references.
    @MainActor private static var containers: [String: DependencyContainer] = [:]

    /// Makes the storyboard `name` in `bundle`, injected by `container` (the root when `nil`).
    ///
    /// `UIStoryboard(name:bundle:)` is the Objective-C factory `storyboardWithName:bundle:`; sent to
    /// this class, it makes an instance of this class, which Swift cannot ask a factory
    /// initializer for.
    @MainActor
    public class func create(name: String, bundle: Bundle? = nil, container: DependencyContainer? = nil) -> Self {
        let made = perform(#selector(UIStoryboard.init(name:bundle:)), with: name, with: bundle)?.takeUnretainedValue()
        guard let storyboard = made as? Self else {
            preconditionFailure("Wiring: UIStoryboard(name: \"\(name)\") did not make a \(Self.self)")
        }
        storyboard.container = container
        if let container { containers[name] = container }
        return storyboard
    }

    open override func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        inject(super.instantiateViewController(withIdentifier: identifier))
    }

    open override func instantiateInitialViewController() -> UIViewController? {
        super.instantiateInitialViewController().map { inject($0) }
    }

    /// Injects `controller` and, depth first, the children a storyboard embedded in it.
    @discardableResult
    func inject(_ controller: UIViewController) -> UIViewController {
        (container ?? .shared).inject(into: controller)
        for child in controller.children { inject(child) }
        return controller
    }

    /// Injects the destination of a segue that crossed a storyboard reference, with the
    /// container that the referenced storyboard `named` was created with; call it from
    /// `prepare(for:sender:)`. A destination made by a ``WiredStoryboard`` is injected already and
    /// left alone.
    ///
    /// ```swift
    /// override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    ///     WiredStoryboard.injectDestination(of: segue, storyboardNamed: "Settings")
    /// }
    /// ```
    @MainActor
    public static func injectDestination(of segue: UIStoryboardSegue, storyboardNamed name: String) {
        let destination = segue.destination
        guard !(destination.storyboard is WiredStoryboard) else { return }
        let container = containers[name] ?? .shared
        container.inject(into: destination)
        for child in destination.children { container.inject(into: child) }
    }
}
#endif

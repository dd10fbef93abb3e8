/// Collects the definitions written in a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` closure.
///
/// Accepts `single`/`factory`/`resolvable` definitions, arrays of them, `if`, `if/else`,
/// `switch` and `for`:
///
/// ```swift
/// let network = module {
///     single { Network() as NetworkProtocol }
///     if isDebug {
///         single { NetworkLogger() }
///     }
///     for context in StorageContext.allCases {
///         factory(tag: context) { LocalStorage(context) as LocalStorageProtocol }
///     }
/// }
/// ```
///
/// Each line is a ``Component``: one definition or several. The block gathers them into one
/// array with room for all of them, so that a module of a thousand `single { … }` lines makes
/// two arrays, not one per line.
@resultBuilder
public enum ModuleBuilder {
    /// One line of a module: a definition, or the definitions of an array, an `includes(_:)`, a
    /// `scope(_:_:)`, an `if` or a `for`. Made and taken apart by the builder alone.
    ///
    /// Plain bits, copied and dropped without reference counting: a block of a thousand lines
    /// passes a thousand components in one variadic array, which is then freed without a value
    /// witness call per element, and no line's count is taken and dropped on its way through.
    /// The one reference a component stands for (its definition's `owner`, or its array's
    /// storage) it holds as a count, moved in when it is made and moved out where it is taken.
    ///
    /// Invariant: every component is taken exactly once. The result-builder transformation hands
    /// each component it makes to exactly one `build…` function, and each of them either hands
    /// it on (`buildBlock(_:)` of one statement, `buildEither`, `buildLimitedAvailability`) or
    /// takes it (`joining`, `buildFinalResult`); `buildOptional`'s `nil` makes an empty one. A
    /// component dropped untaken (only by calling these functions by hand) leaks its count:
    /// memory never freed, never a count released twice.
    public struct Component: Sendable {
        /// The address of what the component holds a count of: its definition's `owner`, the
        /// storage of its array of definitions, or its group of lines.
        private let owner: UInt
        /// Its definition's `word`, `manyWord` for an array of definitions, or `linesWord` for a
        /// group of lines (a block of plain lines alone, packed).
        private let word: UInt
        /// Its definition's `lineType`, `lineFile` and `lineFunction` (placeholders for an array).
        private let lineType: Any.Type
        private let lineFile: UInt
        private let lineFunction: UInt

        /// The `word` of a component of an array: a line's flag with a lifetime code no line has.
        private static var manyWord: UInt { Definition.lineFlag | 7 }
        /// The `word` of a component of a group of lines: another lifetime code no line has.
        private static var linesWord: UInt { Definition.lineFlag | 6 }

        init(one definition: __owned Definition) {
            // The count `definition` holds moves here: the retain and the release that ends
            // `definition` cancel out.
            owner = UInt(bitPattern: Unmanaged.passRetained(definition.owner).toOpaque())
            word = definition.word
            lineType = definition.lineType
            lineFile = definition.lineFile
            lineFunction = definition.lineFunction
        }

        init(many definitions: __owned [Definition]) {
            // An array is one reference, to its storage (an array of a struct type is never
            // bridged), as `Definition.emptyStorage` relies on too.
            owner = UInt(bitPattern: Unmanaged.passRetained(unsafeBitCast(definitions, to: AnyObject.self)).toOpaque())
            word = Component.manyWord
            lineType = DeclaredScope.self
            lineFile = 0
            lineFunction = 0
        }

        /// A group of plain lines, packed by a block of them alone.
        init(lines group: __owned DefinitionGroup) {
            owner = UInt(bitPattern: Unmanaged.passRetained(group).toOpaque())
            word = Component.linesWord
            lineType = DeclaredScope.self
            lineFile = 0
            lineFunction = 0
        }

        private var isMany: Bool { word == Component.manyWord }
        private var isLines: Bool { word == Component.linesWord }
        private var isLine: Bool { !isMany && !isLines && word & Definition.lineFlag != 0 }
        private var ownerPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: owner).unsafelyUnwrapped }

        /// The definitions of an array component, borrowed (the component's count keeps them).
        private func withMany<Result>(_ body: (UnsafeBufferPointer<Definition>) -> Result) -> Result {
            Unmanaged<AnyObject>.fromOpaque(ownerPointer)._withUnsafeGuaranteedRef { storage in
                unsafeBitCast(storage, to: [Definition].self).withUnsafeBufferPointer(body)
            }
        }

        /// Takes an array component: its array, with the component's count.
        private func takeMany() -> [Definition] {
            unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(ownerPointer).takeRetainedValue(), to: [Definition].self)
        }

        /// The group of a lines component, unretained (the component's count keeps it).
        private var unretainedLines: Unmanaged<DefinitionGroup> {
            Unmanaged<DefinitionGroup>.fromOpaque(ownerPointer)
        }

        /// Takes a lines component: its group, with the component's count.
        private func takeLines() -> DefinitionGroup {
            unretainedLines.takeRetainedValue()
        }

        /// Takes a definition's component: its definition, with the component's count.
        private func takeOne() -> Definition {
            Definition(
                owner: Unmanaged<AnyObject>.fromOpaque(ownerPointer).takeRetainedValue(), word: word,
                lineType: lineType, lineFile: lineFile, lineFunction: lineFunction)
        }

        /// Takes a plain line's component: its record, whose builder takes over the count of
        /// what the line's closure captured (none when it captured nothing: its `owner` is then
        /// `Definition.lineOwner`, held without a count).
        private func takeLineRecord() -> DefinitionRecord {
            let empty = UInt(bitPattern: Unmanaged.passUnretained(Definition.emptyStorage).toOpaque())
            return Definition.lineRecord(
                type: lineType, word: word, file: lineFile, function: lineFunction, context: owner == empty ? 0 : owner)
        }

        static var empty: Component { Component(many: []) }

        /// The definitions of `components`, in order, with their plain lines packed into one
        /// group (see ``Definition/packing(count:lines:records:definitions:)``): a block of plain
        /// lines alone is that group and nothing else (a module keeps it as it is, see
        /// ``Part/lines(_:)``); any other block is one array, which a module of a thousand
        /// lines and a few other definitions makes once, copying each line once. Takes every
        /// component.
        static func joining(_ components: [Component]) -> Component {
            components.withUnsafeBufferPointer { components in
                var total = 0
                var lines = 0
                var linesAlone = true
                for component in components {
                    linesAlone = linesAlone && component.isLine
                    if component.isMany {
                        component.withMany { many in
                            total += many.count
                            for index in many.indices where many[index].isLine { lines += 1 }
                        }
                    } else if component.isLines {
                        total += component.unretainedLines._withUnsafeGuaranteedRef(\.header.count)
                    } else {
                        total += 1
                        if component.isLine { lines += 1 }
                    }
                }
                // Plain lines alone: their group is the block (each line's count taken by its record).
                if linesAlone, lines > 0 {
                    return Component(
                        lines: Definition.lineGroup(count: lines) { records in
                            for component in components { records.append(component.takeLineRecord()) }
                        })
                }
                // A line's component is taken by its record, any other definition's by its
                // place in the result; an array's definitions are read in place (copied once,
                // into the result), and each array is taken after.
                let definitions = Definition.packing(
                    count: total, lines: lines,
                    records: { records in
                        for component in components {
                            if component.isMany {
                                component.withMany { many in
                                    for index in many.indices where many[index].isLine {
                                        records.append(many[index].lineRecord)
                                    }
                                }
                            } else if component.isLine {
                                records.append(component.takeLineRecord())
                            }
                        }
                    },
                    definitions: { packed in
                        for component in components {
                            if component.isMany {
                                component.withMany { many in
                                    for index in many.indices { packed.append(many[index]) }
                                }
                            } else if component.isLine {
                                packed.appendLine()
                            } else if component.isLines {
                                let group = component.unretainedLines
                                packed.appendLines(of: group, count: group._withUnsafeGuaranteedRef(\.header.count))
                            } else {
                                packed.append(taking: component.takeOne())
                            }
                        }
                    })
                for component in components {
                    if component.isMany { _ = component.takeMany() }
                    if component.isLines { _ = component.takeLines() }
                }
                return total == 0 ? .empty : Component(many: definitions)
            }
        }

        /// Takes the component: its definitions.
        fileprivate func takeAll() -> [Definition] {
            if isMany { return takeMany() }
            if isLines { return Definition.definitions(ofLines: takeLines()) }
            return [takeOne()]
        }

        /// Takes the component: what a module is made of. Plain lines alone, packed by the
        /// block or listed in an array made beforehand (`module { premadeLines }`), are their
        /// group and nothing else.
        fileprivate func takeContent() -> Content {
            let group: DefinitionGroup
            if isLines {
                group = takeLines()
            } else {
                let definitions = takeAll()
                guard let lines = Definition.lineGroup(ofLinesAlone: definitions) else {
                    return Content(parts: Part.parts(of: Definition.packingLines(of: definitions)))
                }
                group = lines
            }
            return Content(parts: [.lines(LineRun(group))])
        }
    }

    /// What the block of a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` builds: its definitions, in the form the
    /// module keeps them. Made by the builder and read by `module` alone.
    ///
    /// A block of plain `single { … }` and `factory { … }` lines alone is kept as the one
    /// allocation its lines' records were packed into, with no list of definitions beside it:
    /// the container the module is installed or composed into reads those records in place.
    public struct Content: Sendable {
        /// The module's parts (see ``Part``).
        let parts: [Part]
    }

    public static func buildExpression(_ definition: __owned Definition) -> Component {
        Component(one: definition)
    }

    public static func buildExpression(_ definitions: [Definition]) -> Component {
        Component(many: definitions)
    }

    /// A block of one statement (a module listing a shared array of definitions): its
    /// definitions as they are, without copying them into a new array.
    public static func buildBlock(_ component: Component) -> Component {
        component
    }

    public static func buildBlock(_ components: Component...) -> Component {
        Component.joining(components)
    }

    public static func buildOptional(_ component: Component?) -> Component {
        component ?? .empty
    }

    public static func buildEither(first component: Component) -> Component {
        component
    }

    public static func buildEither(second component: Component) -> Component {
        component
    }

    public static func buildArray(_ components: [Component]) -> Component {
        Component.joining(components)
    }

    public static func buildLimitedAvailability(_ component: Component) -> Component {
        component
    }

    public static func buildFinalResult(_ component: Component) -> [Definition] {
        component.takeAll()
    }

    public static func buildFinalResult(_ component: Component) -> Content {
        component.takeContent()
    }
}

internal import _WiringShims

/// One entry of a module: a type, an optional tag, a lifetime and the closure that builds it.
///
/// You do not create definitions directly; ``single(tag:file:line:_:)-3oonb``,
/// ``factory(tag:file:line:_:)-4z5h4`` and ``resolvable(lifetime:tag:file:line:_:)`` return them
/// for a ``module(file:line:_:)-(_,_,()->ModuleBuilder.Content)`` to collect:
///
/// ```swift
/// static let app = module {
///     single { AppState() as AppStateProtocol }
///     factory { StopWatch() as StopWatchProtocol }
/// }
/// ```
///
/// A definition is a description only. Each container it ends up in builds its own instances,
/// so a singleton is shared within one container, never between two.
public struct Definition: Sendable {
    /// The group of the definition's record (a ``DefinitionGroup``): of a line its module
    /// packed, or of any other definition. Immutable once made (see ``DefinitionGroup``), so
    /// shared between threads safely.
    ///
    /// For a plain line as written (`single { … }`, `factory { … }`), which costs no heap
    /// object, the context of its builder (what the closure captured), or `lineOwner` when it
    /// has none: its builder is `lineFunction` and this, and its record is made of the
    /// `line…` fields when its module packs it. One reference for both, so that copying or
    /// dropping a line (the module builder does, several times per line) is one count, not two.
    @usableFromInline nonisolated(unsafe) let owner: AnyObject

    /// What a line whose builder captures nothing holds in `owner`: the storage of the empty
    /// array, which the Swift runtime allocates statically with an immortal reference count.
    /// Copying and dropping such a line then writes no count: a group of our own there would
    /// be one atomic count that every line of every module shares. Not an optional: an
    /// optional reference in a struct is copied through `Optional`'s value witnesses wherever
    /// the optimizer does not see through the copy (a module of a thousand lines is such a
    /// place). Never cast or read: only retained, released and compared by identity (no
    /// closure's context is an array's storage).
    ///
    /// Handed out without a count taken for it. Invariant: the runtime's empty array storage is
    /// immortal (its reference count is the immortal pattern, which retain and release leave
    /// as it is), so a definition may hold it, and release it when dropped, without ever having
    /// retained it: one retain less for every line made. (Were it ever mortal, the unbalanced
    /// releases would free the runtime's static storage: `LineCaptureTests` makes and drops
    /// lines by the million to catch exactly that.)
    @inlinable @inline(__always)
    static var lineOwner: AnyObject {
        // The array's own count is released when it goes, which cancels the optimizer's retain.
        Unmanaged<AnyObject>.passUnretained(emptyStorage).takeRetainedValue()
    }

    /// The runtime's empty array storage: `[Int]` is a single reference to its storage, and an
    /// empty one is that shared storage; any reference type converts to `AnyObject` as it is.
    /// For comparing with `owner` (a borrowed compare: no count kept or dropped).
    @inlinable @inline(__always)
    static var emptyStorage: AnyObject { unsafeBitCast([Int](), to: AnyObject.self) }

    /// `owner` as the group it is; only for a definition that is not a line (every other one
    /// holds its group).
    @inline(__always)
    private var group: DefinitionGroup {
        precondition(!isLine, "Wiring: the group of a line not packed was read")
        return unsafeDowncast(owner, to: DefinitionGroup.self)
    }

    /// The record of a definition that has one (read in place; `owner` keeps it alive), or `nil`
    /// for a line not packed.
    @inline(__always)
    private func withRecord<Result>(_ body: (UnsafeMutablePointer<DefinitionRecord>) -> Result) -> Result? {
        // `self` holds `owner` for the whole call: the record outlives `body`.
        guard !isLine else { return nil }
        return group.withUnsafeMutablePointerToElements { body($0 + index) }
    }
    /// The record's index in `owner`; for a line, the line flag (the top bit), its line number
    /// and its lifetime (see `lineWord`).
    @usableFromInline let word: UInt
    // A plain line's fields; placeholders in any other definition. Few flat fields, not an enum
    // of the two forms: copying a definition (the module builder does, line by line) is then a
    // few words and one retain, usually of an immortal object, not an outlined copy through
    // value witnesses.
    @usableFromInline let lineType: Any.Type
    /// The address of the text of the line's `#fileID` literal.
    @usableFromInline let lineFile: UInt
    /// The address of the function of a line's builder (its context is `owner`); 0 in any
    /// other definition. (An address, not a pointer: a pointer is not `Sendable`.)
    @usableFromInline let lineFunction: UInt

    /// A line's builder, put back together from `lineFunction` and `owner` (retained for the
    /// builder returned). See `lineParts(of:)` for how it was taken apart.
    private var lineBuild: StoredBuilder {
        let context: UInt
        if owner === Definition.emptyStorage {
            context = 0
        } else {
            // The builder returned owns a count of the context, as `owner` does.
            context = UInt(bitPattern: Unmanaged.passRetained(owner).toOpaque())
        }
        return Definition.builder(function: lineFunction, context: context)
    }

    /// A builder made of its two words: `function`, and `context`, a count of which it takes
    /// over (0 for none).
    private static func builder(function: UInt, context: UInt) -> StoredBuilder {
        // A closure without a context, its words then overwritten: the builder's own words.
        var builder = StoredBuilder(function: { _, _ in })
        _withUnprotectedUnsafeMutablePointer(to: &builder) { builder in
            UnsafeMutableRawPointer(builder).storeBytes(of: (function, context), as: (UInt, UInt).self)
        }
        return builder
    }

    /// The top bit of a line's `word`.
    @inlinable
    static var lineFlag: UInt { 1 << (UInt.bitWidth - 1) }

    /// A line's flag, number and lifetime in one word: the number above the low three bits.
    @inlinable
    static func lineWord(line: UInt, lifetime: Lifetime) -> UInt {
        let code: UInt =
            switch lifetime {
            case .singleton: 0
            case .factory: 1
            case .weak: 2
            case .scoped: 3
            case .declared: 4
            }
        return lineFlag | line << 3 | code
    }

    private var lineLifetime: Lifetime { Definition.lifetime(ofLine: word) }

    /// The lifetime a line's `word` holds.
    private static func lifetime(ofLine word: UInt) -> Lifetime {
        switch word & 7 {
        case 0: .singleton
        case 1: .factory
        case 2: .weak
        case 3: .scoped
        default: .declared
        }
    }

    private var lineNumber: UInt { Definition.number(ofLine: word) }

    /// The line number a line's `word` holds.
    private static func number(ofLine word: UInt) -> UInt { (word & ~Definition.lineFlag) >> 3 }

    private var index: Int { Int(bitPattern: word) }

    /// The record of a plain line as written.
    var lineRecord: DefinitionRecord {
        DefinitionRecord(
            plainType: lineType, lifetime: lineLifetime, site: CodeLocation(literalText: lineFile, lineNumber),
            isLine: true, builder: lineBuild)
    }

    /// The record of a plain line made of its fields as a definition stores them, its builder
    /// taking over `context` (a count of what the builder captured, or 0 when it captured
    /// nothing). For a module builder's component, which moves its count here rather than
    /// retaining and releasing it.
    static func lineRecord(type: Any.Type, word: UInt, file: UInt, function: UInt, context: UInt) -> DefinitionRecord {
        DefinitionRecord(
            plainType: type, lifetime: lifetime(ofLine: word), site: CodeLocation(literalText: file, number(ofLine: word)),
            isLine: true, builder: builder(function: function, context: context))
    }

    /// Everything about the definition. A line not packed into its module's group yet gets a
    /// group of its own on every read (one definition still, by `===`): read it once.
    var info: DefinitionInfo {
        guard !isLine else { return DefinitionInfo { lineRecord } }
        return DefinitionInfo(group: group, index: index)
    }

    /// The identity of the definition's record (see ``DefinitionInfo/id``), read without making
    /// an info. Only for a definition that has a record: a line not packed yet has none.
    var id: DefinitionID {
        guard let address = withRecord({ UnsafeRawPointer($0) }) else {
            preconditionFailure("Wiring: the identity of a line not packed was read")
        }
        return DefinitionID(address: address)
    }

    /// The record of a definition packed into its group, read without making an info (which
    /// retains the group). Valid while this definition is, which holds the group: a registry
    /// being built reads its definitions' records while it holds their array.
    var packedRecord: UnsafeMutablePointer<DefinitionRecord> {
        guard let record = withRecord({ $0 }) else { preconditionFailure("Wiring: the record of a line not packed was read") }
        return record
    }

    /// The group `packedRecord` lives in, unretained: valid while this definition is (it holds
    /// the group). For a registry being built, which keeps what it needs of the group itself.
    var unretainedGroup: Unmanaged<DefinitionGroup> { Unmanaged.passUnretained(group) }

    /// The type it answers for, read without giving a line a group of its own.
    var type: Any.Type { withRecord { $0.pointee.type } ?? lineType }
    /// Its lifetime, read without giving a line a group of its own.
    var lifetime: Lifetime { withRecord { $0.pointee.lifetime } ?? lineLifetime }
    /// Its scope, read without giving a line a group of its own (a line has none).
    var scope: ScopeID? { withRecord { DefinitionRecord.extras(at: $0)?.scope } ?? nil }
    /// Its site, read without giving a line a group of its own.
    var site: CodeLocation? { withRecord { $0.pointee.site } ?? CodeLocation(literalText: lineFile, lineNumber) }

    /// `info.with(…)` (a modifier's copy): a line's record is made on the stack to copy from,
    /// not in a group of its own first. See ``DefinitionInfo/with(type:lifetime:isOverride:createdAtStart:scope:onClose:payload:changingBindings:)``.
    func with(
        type: Any.Type? = nil, lifetime: Lifetime? = nil, isOverride: Bool? = nil, createdAtStart: Bool? = nil,
        scope: ScopeID? = nil, onClose: (@Sendable (Any) -> Void)? = nil, payload: Payload? = nil,
        changingBindings: Bool = false
    ) -> DefinitionInfo {
        guard isLine else {
            return info.with(
                type: type, lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart, scope: scope,
                onClose: onClose, payload: payload, changingBindings: changingBindings)
        }
        var record = lineRecord
        return withUnsafePointer(to: &record) { base in
            DefinitionInfo.copying(
                base, type: type, lifetime: lifetime, isOverride: isOverride, createdAtStart: createdAtStart,
                scope: scope, onClose: onClose, payload: payload)
        }
    }

    /// This definition with one more binding, to `type`, built by `build`: `bind(_:)`'s copy.
    /// One group holds the copy and all its bindings (see ``DefinitionRecord/bindingCount``): a
    /// binding costs no allocation of its own. A line's record is made on the stack to copy from.
    func adding(bindingTo type: Any.Type, build: @escaping Builder) -> Definition {
        func copy(_ base: UnsafePointer<DefinitionRecord>) -> Definition {
            Definition(
                info: DefinitionInfo.copying(
                    base, type: nil, lifetime: nil, isOverride: nil, createdAtStart: nil, scope: nil, onClose: nil,
                    payload: nil, addedBinding: type, bindingBuilder: StoredBuilder(function: build)))
        }
        guard isLine else {
            let info = info
            return withExtendedLifetime(info.group) { copy(info.record) }
        }
        var record = lineRecord
        return withUnsafePointer(to: &record) { copy($0) }
    }

    /// What the definition builds, or what else it stands for.
    var payload: Payload {
        withRecord { DefinitionRecord.extras(at: $0)?.payload ?? .builder } ?? .builder
    }
    /// Whether it is scoped or declared in a scope, told in place (no scope copied out).
    var hasScope: Bool {
        withRecord { record in
            guard record.pointee.lifetime != .scoped else { return true }
            guard let extras = DefinitionRecord.extras(at: record) else { return false }
            return extras.scope != nil
        } ?? (lineLifetime == .scoped)
    }
    /// Whether it has bindings, told in place (no array made).
    var hasBindings: Bool {
        withRecord { $0.pointee.bindingCount != 0 } ?? false
    }
    /// Secondary types this definition also answers for (``bind(_:)``); a line has none.
    var bindings: [Binding] {
        isLine ? [] : info.bindings
    }

    enum Payload: Sendable {
        /// Built by `info.build`; each container makes an ``Entry`` with it.
        case builder
        /// Code to run on an existing object (`injection(for:)`).
        case injection(Injection)
        /// A factory that takes parameters at resolve time.
        case parameterized(@Sendable (_ info: DefinitionInfo) -> any AnyParameterizedEntry)
        /// An async factory or single, resolved with `await resolveAsync()`.
        case async(@Sendable (_ info: DefinitionInfo) -> any AnyAsyncEntry)
        /// Not a definition: a module listed with `includes(_:)`, expanded when a container is built.
        case include(DependencyContainer)
        /// A value each scope gets at run time (`declared(_:example:)`); `example` stands in for
        /// it when the graph is verified.
        case declaration(example: @Sendable () -> Any)
        /// Not a definition: says that the scope `info.scope` is declared, even when nothing is
        /// declared in it (`scope(Session.self) { }` opens, as in KOIN).
        case scopeMarker
        /// Not a definition: says that each scope `info.scope` is linked at run time to a scope
        /// of the given type (`linked(to:)`), so that `verify()` and `graph()` follow that link.
        case linkMarker(ScopeID)
    }

    /// A secondary type: its info, whose builder reads the value of the entry's primary.
    struct Binding: Sendable {
        let info: DefinitionInfo
    }

    init<Value>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        factory: @escaping @Sendable () throws -> Value
    ) {
        self.init(info: DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site,
            build: { buffer, _ in buffer.initializeMemory(as: Value.self, to: try factory()) }))
    }

    /// A definition whose builder was made where `type` is known (the DSL's inlinable
    /// functions), so that it runs specialized code.
    ///
    /// Inlined into the line that writes `single { … }`: the line's five words are then made
    /// where the module builder stores them, from constants (its builder's function, its type's
    /// metadata, its site), with no call and no temporary to copy and destroy. Out of line, the
    /// definition came back through memory, and a module's builder copied it into its list and
    /// dropped the original: a retain and a release per line, through outlined value witnesses
    /// in a module of a hundred lines.
    @inlinable @inline(__always)
    init(
        lifetime: Lifetime, file: StaticString, line: UInt, type: Any.Type,
        build: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        guard file.hasPointerRepresentation else {
            self.init(recordOf: type, lifetime: lifetime, file: file, line: line, build: build)
            return
        }
        self.init(
            lineOf: type, word: Definition.lineWord(line: line, lifetime: lifetime),
            file: UInt(bitPattern: file.utf8Start), build: build)
    }

    /// A line whose `file` is not a `#fileID` literal's text (a one-scalar literal): a
    /// definition of its own, with its record.
    @usableFromInline
    init(
        recordOf type: Any.Type, lifetime: Lifetime, file: StaticString, line: UInt,
        build: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        self.init(
            info: DefinitionInfo {
                DefinitionRecord(
                    plainType: type, lifetime: lifetime, site: CodeLocation(file, line), isLine: true, build: build)
            })
    }

    /// A definition under `tag`, with a builder made where `type` is known.
    @usableFromInline
    init<TagValue: Hashable & Sendable>(
        lifetime: Lifetime, tag: TagValue, file: StaticString, line: UInt, type: Any.Type,
        build: @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        self.init(info: DefinitionInfo(
            taggedType: type, tag: tag, lifetime: lifetime, site: CodeLocation(file, line), build: build))
    }

    init<Value: Sendable>(
        lifetime: Lifetime,
        tag: Tag?,
        site: CodeLocation?,
        asyncFactory: @escaping @Sendable () async throws -> Value
    ) {
        self.init(info: DefinitionInfo(
            type: Value.self, tag: tag, lifetime: lifetime, site: site, isAsync: true,
            payload: .async { info in AsyncEntry(info: info, factory: asyncFactory) }))
    }

    /// A marker for `module` included by `includes(_:)` at `site`.
    init(including module: DependencyContainer, site: CodeLocation) {
        self.init(info: DefinitionInfo(
            type: DependencyContainer.self, tag: nil, lifetime: .factory, site: site, payload: .include(module)))
    }

    /// The marker `scope(_:_:)` adds for the scope `scope`, declared at `site`.
    init(markingScope scope: ScopeID, site: CodeLocation?) {
        self.init(info: DefinitionInfo(
            type: DeclaredScope.self, tag: nil, lifetime: .factory, site: site, scope: scope, payload: .scopeMarker))
    }

    /// The marker `linked(to:)` adds for a link to the scope `target`, written at `site`.
    init(linkingTo target: ScopeID, site: CodeLocation) {
        self.init(info: DefinitionInfo(
            type: DeclaredScope.self, tag: nil, lifetime: .factory, site: site, payload: .linkMarker(target)))
    }

    /// Whether the definition has a scope, a close callback, a payload or bindings (a line has
    /// none): what a marker, an include and a binding need, tested without copying a payload.
    private var hasExtras: Bool { withRecord { $0.pointee.flags.hasExtras } ?? false }

    /// Whether this is the marker of a declared scope.
    var isScopeMarker: Bool {
        guard hasExtras else { return false }
        if case .scopeMarker = payload { return true }
        return false
    }

    /// The scope a `linked(to:)` marker names; `nil` for anything else.
    var linkTarget: ScopeID? {
        withRecord { DefinitionRecord.extras(at: $0)?.linkTarget } ?? nil
    }

    /// Whether this is a marker (of a declared scope, or of a link), not a definition.
    var isMarker: Bool {
        withRecord { DefinitionRecord.extras(at: $0)?.isMarker ?? false } ?? false
    }

    /// Whether this is a marker for an included module.
    var isInclude: Bool {
        guard hasExtras else { return false }
        if case .include = payload { return true }
        return false
    }

    /// The module this marker includes, if it is one.
    var includedModule: DependencyContainer? {
        guard hasExtras else { return nil }
        if case let .include(module) = payload { return module }
        return nil
    }

    init(injection: Injection) {
        self.init(info: injection.info.with(payload: .injection(injection)))
    }

    /// A plain line, its fields as stored: `build` taken apart into `lineFunction` and `owner`.
    /// Inlined with the line: only the taking apart is a call (see `lineParts(of:)`).
    @inlinable @inline(__always)
    init(
        lineOf type: Any.Type, word: UInt, file: UInt,
        build: consuming @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) {
        let parts = Definition.lineParts(of: build)
        owner = parts.owner
        lineFunction = parts.function
        self.word = word
        lineType = type
        lineFile = file
    }

    /// A line's builder taken apart: its function's address, and what `owner` holds for its
    /// context. Out of line, and handed the closure as an argument: the optimizer then turns a
    /// `single { … }`'s closure, whose captures are constants, into a function of its own with
    /// no context, where a closure built inline and stored would get a heap context per line.
    /// Both results come back in registers.
    ///
    /// Invariant: a `Builder` is two words, its function then its context (what it captured,
    /// a native Swift object, or null when it captured nothing); `DefinitionRecord.isSameLine`
    /// relies on the same layout. The words are read from a `StoredBuilder`, whose field holds
    /// the closure as its own type: a closure handed to a generic function (`unsafeBitCast`,
    /// `withUnsafePointer(to:)`) would be wrapped in a thunk with a context of its own. The
    /// context's count moves from the closure to `owner`: the closure's context word is
    /// cleared before it is dropped, so it releases nothing.
    @usableFromInline @inline(never)
    static func lineParts(
        of build: consuming @escaping @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer) throws -> Void
    ) -> (function: UInt, owner: AnyObject) {
        var builder = StoredBuilder(function: build)
        let (function, context) = _withUnprotectedUnsafeMutablePointer(to: &builder) { builder in
            let raw = UnsafeMutableRawPointer(builder)
            let words = raw.load(as: (UInt, UInt).self)
            raw.storeBytes(of: (words.0, 0), as: (UInt, UInt).self)
            return words
        }
        guard let context = UnsafeRawPointer(bitPattern: context) else { return (function, lineOwner) }
        return (function, Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue())
    }

    /// The placeholder `lineFile` of a definition that is not a line (never read).
    private static var noFile: UInt { 0 }

    /// A stand-in that no container ever reads: the unused definition of a module builder's
    /// component that holds several. Made with a few stores, no allocation.
    init(placeholder: Void) {
        owner = Definition.lineOwner
        word = Definition.lineWord(line: 0, lifetime: .factory)
        lineType = DeclaredScope.self
        lineFile = Definition.noFile
        lineFunction = 0
    }

    /// A definition of the fields a module builder's component kept, taking over its count of
    /// `owner` (see ``ModuleBuilder/Component``).
    init(owner: AnyObject, word: UInt, lineType: Any.Type, lineFile: UInt, lineFunction: UInt) {
        self.owner = owner
        self.word = word
        self.lineType = lineType
        self.lineFile = lineFile
        self.lineFunction = lineFunction
    }

    /// A definition of `info`.
    init(info: DefinitionInfo) {
        owner = info.group
        word = UInt(bitPattern: info.index)
        lineType = DeclaredScope.self
        lineFile = Definition.noFile
        lineFunction = 0
    }

    /// Whether this is a plain line not packed yet (tested without copying it).
    var isLine: Bool { word & Definition.lineFlag != 0 }

    /// `definitions` with their plain lines packed into one ``DefinitionGroup``, in order, and
    /// every other definition as it is: the records of a module's lines cost one allocation
    /// together, not one each. `definitions` itself when it has no line (the builder packs the
    /// lines of each block as it joins them).
    static func packingLines(of definitions: [Definition]) -> [Definition] {
        var lineCount = 0
        // Read in place: a definition copied out of the array is a retain and a release.
        definitions.withUnsafeBufferPointer { definitions in
            for index in definitions.indices where definitions[index].isLine { lineCount += 1 }
        }
        guard lineCount > 0 else { return definitions }
        return definitions.withUnsafeBufferPointer { definitions in
            packing(
                count: definitions.count, lines: lineCount,
                records: { records in
                    for index in definitions.indices where definitions[index].isLine {
                        records.append(definitions[index].lineRecord)
                    }
                },
                definitions: { packed in
                    for index in definitions.indices { packed.append(definitions[index]) }
                })
        }
    }

    /// `count` definitions, in order, with the `lines` plain lines among them packed into one
    /// new group: `records` appends the lines' records, in order, then `definitions` appends
    /// every definition, a line as ``Packed/appendLine()`` (the next record's definition).
    ///
    /// Invariant: `records` appends exactly `lines` records and `definitions` exactly `count`
    /// definitions, `lines` of them lines. Both cursors check it, so a caller that miscounts
    /// stops the program rather than write out of bounds.
    static func packing(
        count: Int, lines: Int, records: (inout Records) -> Void, definitions: (inout Packed) -> Void
    ) -> [Definition] {
        guard count > 0 else { return [] }
        // No line among them (a block of tagged or scoped definitions): no group to make.
        let group = lines == 0 ? nil : lineGroup(count: lines, records: records)
        // Every packed definition holds a count of the group: all `lines` are taken at once,
        // one atomic add, and each definition appended takes over one (see `init(packedIn:index:)`).
        let unretained = group.map { Unmanaged.passUnretained($0) }
        if let unretained { _ = swift_retain_n(unretained.toOpaque(), UInt32(lines)) }
        return [Definition](unsafeUninitializedCapacity: count) { buffer, written in
            let start = buffer.baseAddress.unsafelyUnwrapped
            var cursor = Packed(next: start, end: start + count, group: unretained, lines: lines)
            definitions(&cursor)
            precondition(cursor.next == cursor.end && cursor.packed == lines, "Wiring: fewer definitions than counted")
            written = count
        }
    }

    /// A new group of `count` plain lines, whose records `records` appends in order (exactly
    /// `count` of them, which the cursor checks).
    static func lineGroup(count: Int, records: (inout Records) -> Void) -> DefinitionGroup {
        DefinitionGroup.make(count: count, tagFrom: nil) { first, _ in
            var cursor = Records(next: first, end: first + count)
            records(&cursor)
            precondition(cursor.next == cursor.end, "Wiring: fewer lines than counted")
        }
    }

    /// A new group of the records of `definitions` when they are plain lines alone, none packed
    /// yet (a module listing an array of lines made beforehand); `nil` otherwise.
    static func lineGroup(ofLinesAlone definitions: [Definition]) -> DefinitionGroup? {
        definitions.withUnsafeBufferPointer { definitions in
            guard !definitions.isEmpty, definitions.indices.allSatisfy({ definitions[$0].isLine }) else { return nil }
            return lineGroup(count: definitions.count) { records in
                for index in definitions.indices { records.append(definitions[index].lineRecord) }
            }
        }
    }

    /// The definitions of every record of `group`, a group of plain lines (see
    /// ``Part/lines(_:)``), in order: what a module kept as its group alone gives whatever
    /// asks for its list of definitions. Each holds a count of the group, all taken at once.
    static func definitions(ofLines group: DefinitionGroup) -> [Definition] {
        let count = group.header.count
        guard count > 0 else { return [] }
        return [Definition](unsafeUninitializedCapacity: count) { buffer, written in
            let start = buffer.baseAddress.unsafelyUnwrapped
            var cursor = Packed(next: start, end: start + count, group: nil, lines: 0)
            cursor.appendLines(of: Unmanaged.passUnretained(group), count: count)
            precondition(cursor.next == cursor.end, "Wiring: fewer definitions than a group holds")
            written = count
        }
    }

    /// Where `packing` writes the records of its lines: the next one, up to `end`.
    struct Records {
        fileprivate var next: UnsafeMutablePointer<DefinitionRecord>
        fileprivate let end: UnsafeMutablePointer<DefinitionRecord>

        /// Writes the next line's record.
        mutating func append(_ record: consuming DefinitionRecord) {
            precondition(next != end, "Wiring: more lines than counted")
            next.initialize(to: record)
            next += 1
        }
    }

    /// Where `packing` writes its definitions: the next one, up to `end`, each line the next
    /// record of `group`.
    struct Packed {
        fileprivate var next: UnsafeMutablePointer<Definition>
        fileprivate let end: UnsafeMutablePointer<Definition>
        fileprivate let group: Unmanaged<DefinitionGroup>?
        fileprivate let lines: Int
        fileprivate var packed = 0

        /// Writes `definition`, which is not a line (or a line as `appendLine()` if it is).
        mutating func append(_ definition: borrowing Definition) {
            if definition.isLine { return appendLine() }
            precondition(next != end, "Wiring: more definitions than counted")
            next.initialize(to: copy definition)
            next += 1
        }

        /// Writes `definition`, which is not a line, taking it over (no count taken for it).
        mutating func append(taking definition: consuming Definition) {
            precondition(!definition.isLine && next != end, "Wiring: more definitions than counted")
            next.initialize(to: definition)
            next += 1
        }

        /// Writes the definitions of the first `count` records of `lines`, a group packed
        /// before (a nested block's lines), taking a count of it for each, all at once.
        mutating func appendLines(of lines: Unmanaged<DefinitionGroup>, count: Int) {
            guard count > 0 else { return }
            precondition(end - next >= count, "Wiring: more definitions than counted")
            _ = swift_retain_n(lines.toOpaque(), UInt32(count))
            for index in 0..<count {
                next.initialize(to: Definition(packedIn: lines, index: index))
                next += 1
            }
        }

        /// Writes the definition of the next line's record.
        mutating func appendLine() {
            // Never more than the counts taken: one more would be released once too often.
            guard let group, packed != lines, next != end else { preconditionFailure("Wiring: more lines than counted") }
            next.initialize(to: Definition(packedIn: group, index: packed))
            packed += 1
            next += 1
        }
    }

    /// The definition at `index` of `group`, taking over a count of the group that the caller
    /// took for it (`packing` takes one per line, together).
    private init(packedIn group: Unmanaged<DefinitionGroup>, index: Int) {
        owner = group.takeRetainedValue()
        word = UInt(bitPattern: index)
        lineType = DeclaredScope.self
        lineFile = Definition.noFile
        lineFunction = 0
    }

    /// Every type this definition answers for: its own, then its bindings'.
    var slots: [DefinitionInfo] { [info] + bindings.map(\.info) }

    /// Slot 0 is the definition itself; slot `n` its `n`th binding.
    func slot(_ index: Int) -> DefinitionInfo {
        index == 0 ? info : info.binding(index - 1)
    }
}

/// The type of a scope marker's info: no definition answers for it.
enum DeclaredScope {}

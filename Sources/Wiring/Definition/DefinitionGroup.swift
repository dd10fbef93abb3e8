/// The records of definitions made together: a module's plain lines, or one definition alone.
///
/// Records are written once, by `make`, before the group is shared, and never after; they are
/// freed with the group. Safe to share between threads, though `ManagedBuffer` cannot say so.
final class DefinitionGroup: ManagedBuffer<DefinitionGroup.Header, DefinitionRecord> {
    struct Header {
        /// How many records are initialized.
        var count: Int
        /// Whether `tagRoom` holds the group's tag.
        let isTagged: Bool
        /// The tag of the group's records, if they have one: a group is one definition and its
        /// bindings, which share its tag, or plain lines, which have none. Records find it here
        /// through their group (``DefinitionRecord/tag(at:)``).
        ///
        /// Invariant: in a tagged group, `make` binds this room's memory to `Tag` and
        /// initializes it before any record is written, and `deinit` deinitializes it after the
        /// records; nothing writes it in between, and nothing reads it as words. In an untagged
        /// group it is never bound, written or read: no placeholder tag is made or destroyed
        /// for the groups that need none (every module's lines, most modified definitions).
        /// A header does not move (it is part of the group object), so its address is stable.
        var tagRoom: TagRoom
        /// The extras of the group's first record, if it has any (``RecordFlags/hasExtras``),
        /// and those of every other: a group with extras is one definition, its first record,
        /// and its bindings, which all have the same (its scope, no close callback, a builder).
        /// Records find them here (``DefinitionRecord/extras(at:)``). Invariant: set by `make`
        /// before any record is read, never changed; a record `hasExtras` exactly when the one
        /// it reads is not `nil`. Lines' groups have none.
        let extras: DefinitionRecord.Extras?
        let bindingExtras: DefinitionRecord.Extras?
    }

    /// Room for one ``Tag``: an existential of five words.
    typealias TagRoom = (UInt, UInt, UInt, UInt, UInt)

    /// An untagged group of the one record `make` returns, which is built in place (not copied
    /// in), holding `extras` if given (which the record finds here).
    @inline(__always)
    static func make(extras: DefinitionRecord.Extras? = nil, one make: () -> DefinitionRecord) -> DefinitionGroup {
        self.make(count: 1, isTagged: false, initializeTag: { _ in }, extras: extras) { record, _ in
            record.initialize(to: make())
        }
    }

    /// A group of the one record `make` returns under `tag` (copied into the group's room),
    /// holding `extras` if given. Takes the tag unwrapped: a tag (an existential) moved into and
    /// out of an `Optional` is copied through its value witnesses each way.
    @inline(__always)
    static func make(
        tag: Tag, extras: DefinitionRecord.Extras? = nil, one make: () -> DefinitionRecord
    ) -> DefinitionGroup {
        self.make(count: 1, isTagged: true, initializeTag: { $0.initialize(to: tag) }, extras: extras) { record, _ in
            record.initialize(to: make())
        }
    }

    /// A group of the one record `make` returns under the tag `value`, boxed straight into the
    /// group's room, rather than made first, copied in and destroyed.
    @inline(__always)
    static func make<TagValue: Hashable & Sendable>(
        tagValue value: TagValue, one make: () -> DefinitionRecord
    ) -> DefinitionGroup {
        self.make(count: 1, isTagged: true, initializeTag: { $0.initialize(to: Tag(value)) }) { record, _ in
            record.initialize(to: make())
        }
    }

    /// A group of `count` records, which `initialize` writes from the first element's address,
    /// each exactly once, given the address of the group's copy of the tag at `source`, if
    /// there is one (a record keeps only whether it has a tag, see ``DefinitionRecord/tag(at:)``),
    /// and holding `extras` for the first record and `bindingExtras` for every other (see
    /// ``Header/extras``).
    static func make(
        count: Int, tagFrom source: UnsafePointer<Tag>?, extras: DefinitionRecord.Extras? = nil,
        bindingExtras: DefinitionRecord.Extras? = nil,
        _ initialize: (UnsafeMutablePointer<DefinitionRecord>, UnsafePointer<Tag>?) -> Void
    ) -> DefinitionGroup {
        // One copy of the body (`initializeTag` only runs when there is a source).
        make(
            count: count, isTagged: source != nil, initializeTag: { $0.initialize(to: source.unsafelyUnwrapped.pointee) },
            extras: extras, bindingExtras: bindingExtras, initialize)
    }

    /// A group of `count` records, as `make(count:tagFrom:extras:bindingExtras:_:)` says, whose
    /// tag, if `isTagged`, `initializeTag` writes into the room it is given (and is not called
    /// otherwise). Invariant: the header's count of initialized records is set only after
    /// `initialize` returns, so `deinit` never reads an unwritten record.
    @inline(__always)
    private static func make(
        count: Int, isTagged: Bool, initializeTag: (UnsafeMutablePointer<Tag>) -> Void,
        extras: DefinitionRecord.Extras? = nil, bindingExtras: DefinitionRecord.Extras? = nil,
        _ initialize: (UnsafeMutablePointer<DefinitionRecord>, UnsafePointer<Tag>?) -> Void
    ) -> DefinitionGroup {
        let group = unsafeDowncast(
            DefinitionGroup.create(minimumCapacity: count) { _ in
                Header(
                    count: 0, isTagged: isTagged, tagRoom: (0, 0, 0, 0, 0), extras: extras,
                    bindingExtras: bindingExtras)
            },
            to: DefinitionGroup.self)
        group.withUnsafeMutablePointers { header, records in
            var tagAddress: UnsafePointer<Tag>?
            if isTagged {
                let room = DefinitionGroup.tagRoom(of: header)
                initializeTag(room)
                tagAddress = UnsafePointer(room)
            }
            initialize(records, tagAddress)
            for index in 0..<count {
                records[index].indexInGroup = UInt32(truncatingIfNeeded: index)
                records[index].group = group
                let own = index == 0 ? extras : bindingExtras
                assert(
                    records[index].flags.hasExtras == (own != nil)
                        && records[index].flags.hasPayload == (own?.hasPayload ?? false)
                        && records[index].flags.hasCloseCallback == (own?.hooks != nil),
                    "Wiring: a record's extras are not its group's")
            }
            header.pointee.count = count
        }
        return group
    }

    /// The extras of the record at `index` (see ``Header/extras``).
    @inline(__always)
    func extras(ofRecordAt index: Int) -> DefinitionRecord.Extras? {
        withUnsafeMutablePointerToHeader { index == 0 ? $0.pointee.extras : $0.pointee.bindingExtras }
    }

    /// The group's tag (only for a tagged group, see ``Header/tagRoom``), which lives as long as
    /// the group.
    var tag: UnsafePointer<Tag> {
        @inline(__always) get { withUnsafeMutablePointerToHeader { UnsafePointer(DefinitionGroup.tagRoom(of: $0)) } }
    }

    /// The tag room of the group whose header is at `header`, bound to `Tag` (see
    /// ``Header/tagRoom``; only for a tagged group).
    private static func tagRoom(of header: UnsafeMutablePointer<Header>) -> UnsafeMutablePointer<Tag> {
        // Constants, folded away in release; checked there too, since a tag that outgrew its
        // room would overwrite the records after the header.
        precondition(
            MemoryLayout<Tag>.size <= MemoryLayout<TagRoom>.size
                && MemoryLayout<Header>.alignment.isMultiple(of: MemoryLayout<Tag>.alignment),
            "Wiring: a tag does not fit its room")
        let offset = MemoryLayout<Header>.offset(of: \.tagRoom).unsafelyUnwrapped
        return (UnsafeMutableRawPointer(header) + offset).bindMemory(to: Tag.self, capacity: 1)
    }

    deinit {
        withUnsafeMutablePointers { header, records in
            records.deinitialize(count: header.pointee.count)
            // The tag last: records point at it (see `Header.tagRoom`).
            if header.pointee.isTagged { DefinitionGroup.tagRoom(of: header).deinitialize(count: 1) }
        }
    }
}

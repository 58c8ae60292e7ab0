/// A pass's records past its share of the memory budget go to a sorted run on disk
/// (`RecordSpill`); the pass then starts over with empty tables.
extension LinePass {
    /// Bytes the records and their tables take now (beyond the plan's own texts, which every
    /// pass holds).
    var recordMemory: Int {
        records.count * MemoryLayout<EventRecord>.stride + values.count * MemoryLayout<TrackedValue>.stride
            + users.memoryInUse + userLastTimestamp.count * 8 + texts.memoryInUse - plan.texts.memoryInUse
            + userLog.memoryInUse + armSightings.count * MemoryLayout<ArmSighting>.stride
            + laterSegments.reduce(0) {
                $0 + $1.records.count * MemoryLayout<EventRecord>.stride
                    + $1.values.count * MemoryLayout<TrackedValue>.stride
            }
    }

    /// Lets the pass spill into `spill` past `share` bytes. The record arrays get room for a whole
    /// share (up to 256 MiB) at once, address space only until filled: within it they never grow
    /// by copying, which would hold the old and the new array at once.
    func spill(into spill: RecordSpill, segment: Int32, share: Int) {
        self.spill = spill
        self.segment = segment
        spillShare = max(share, 1)
        userLogLimit = max(spillShare / 2, 1)
        // A share this small is a test's or a fuzzer's: checked at every event.
        budgetCheckInterval = spillShare < 1 << 16 ? 1 : 1024
        let room = min(spillShare, 256 << 20)
        records.reserveCapacity(room / MemoryLayout<EventRecord>.stride + 1)
        values.reserveCapacity(room / MemoryLayout<TrackedValue>.stride + 1)
    }

    /// Every `budgetCheckInterval` events: spills when over the share.
    @inline(__always)
    func checkBudget() {
        eventsSinceBudgetCheck += 1
        guard eventsSinceBudgetCheck >= budgetCheckInterval else { return }
        eventsSinceBudgetCheck = 0
        if recordMemory > spillShare { spillRecords() }
    }

    /// Writes the records (and every user's latest timestamp) as one run and empties the tables.
    /// A failure is kept in the spill (the run then stops with it) and the records are dropped,
    /// so memory stays bounded either way.
    func spillRecords() {
        internPendingUsers()
        // The logged users go out with the run too, so that the pass starts over with nothing
        // held (a spilled run keeps every user anyway: it is never the last input's).
        foldUserLog()
        guard let spill, users.count > 0 || !records.isEmpty else { return }
        if spill.failure == nil {
            let segment = self.segment
            do throws(SpillError) {
                try spill.spill(
                    records: records, values: values, users: users, latest: userLastTimestamp, texts: texts,
                    plan: plan, latestSegment: segment, segment: { _ in segment })
            } catch {
                spill.fail(error)
            }
        }
        records.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        users.removeAll()
        userLastTimestamp.removeAll(keepingCapacity: true)
        armSightings.removeAll(keepingCapacity: true)
        texts = plan.texts
    }
}

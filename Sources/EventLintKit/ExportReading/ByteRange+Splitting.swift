import Glibc

/// Cuts a regular uncompressed file into at most `parts` contiguous ranges, each starting at
/// offset 0 or right after an LF, so one framer per core can read its own range with `pread`.
///
/// Standard input, pipes, compressed and UTF-16 files cannot be read from the middle: for them the
/// result is `[.whole]`, read start to end by a single framer. An empty file gives one empty
/// range. Cut points are searched near `size * i / parts`; a line longer than a part simply makes
/// fewer, larger ranges. Lines numbers reported by a range framer are local to the range; add
/// the line counts of all earlier ranges when merging.
///
/// - Throws: `ExportInputError` when the file cannot be opened or read.
public func splitAtLineBoundaries(path: String, parts: Int) throws(ExportInputError) -> [ByteRange] {
    if path == "-" { return [.whole] }
    // Look before opening: opening a named pipe just to learn it is one would block, and closing
    // it again could break the writer.
    var status = stat()
    if SystemPath.withCString(path, { stat($0, &status) }) == 0 {
        let kind = status.st_mode & S_IFMT
        if kind != S_IFREG && kind != S_IFDIR { return [.whole] }
    }
    let file = try FileReader(path: path)
    guard file.isRegularFile else { return [.whole] }
    let prefix = try file.peek(CompressionFormat.maximumMagicLength)
    if prefix.withUnsafeBytes({ CompressionFormat.detect($0) }) != nil { return [.whole] }
    // UTF-16 text is one file-level problem, reported by the pass that reads byte 0; its LF
    // bytes are half of a code unit, so cutting there would misalign every later range.
    if prefix.withUnsafeBytes({ JSONCursor.utf16Error(in: $0) }) != nil { return [.whole] }
    let size = file.sizeAtOpen
    // A size of 0 says nothing for files such as /proc/self/status or FUSE mounts, which have
    // content all the same: read those (and anything not split) in one streaming pass, as
    // `--jobs 1` does, so the output does not depend on the job count.
    guard size > 0 else { return [.whole] }
    guard parts > 1 else { return [ByteRange(start: 0, end: size)] }

    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    defer { scratch.deallocate() }
    var cuts: [Int64] = [0]
    let partSize = size / Int64(parts)
    for part in 1..<parts {
        // Searching from one byte before the target finds a cut exactly at the target too.
        let from = partSize * Int64(part) - 1
        guard let previous = cuts.last, from >= previous else { continue }
        guard let lineFeed = try file.offsetOfLineFeed(from: from, before: size, scratch: scratch) else { break }
        let cut = lineFeed + 1
        if cut >= size { break }
        cuts.append(cut)
    }
    var ranges: [ByteRange] = []
    for (index, start) in cuts.enumerated() {
        let end = index + 1 < cuts.count ? cuts[index + 1] : size
        ranges.append(ByteRange(start: start, end: end))
    }
    return ranges
}

extension FileReader {
    /// Absolute offset of the first LF at or after `from` and before `limit`, read with `pread`.
    func offsetOfLineFeed(from: Int64, before limit: Int64, scratch: UnsafeMutableRawBufferPointer)
        throws(ExportInputError) -> Int64?
    {
        var offset = from
        while offset < limit {
            let wanted = Int(min(Int64(scratch.count), limit - offset))
            let got = try read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<wanted]))
            if got == 0 { return nil }
            if let base = scratch.baseAddress, let found = memchr(base, 0x0A, got) {
                return offset + Int64(base.distance(to: found))
            }
            offset += Int64(got)
        }
        return nil
    }
}

import Glibc

/// A fresh directory under /tmp, removed with its files when the value goes.
public final class TemporaryDirectory {
    public let path: String

    public init() {
        var template = Array("/tmp/eventlint-framing-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
            return String(cString: result)
        }
        path = made ?? "/tmp"
    }

    deinit {
        guard path != "/tmp", let directory = opendir(path) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { unlink(path + "/" + name) }
        }
        closedir(directory)
        rmdir(path)
    }

    /// Writes `bytes` to a file in the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return file }
        var written = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count <= 0 { break }
                written += count
            }
        }
        close(descriptor)
        return file
    }
}

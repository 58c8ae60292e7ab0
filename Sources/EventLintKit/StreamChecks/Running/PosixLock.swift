#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock for what several threads write (worker results, the spill state, the progress meter,
/// and in the front end its output writer and child-process spawning): a pthread mutex at an
/// address of its own, which the thread sanitizer follows. It does not follow the standard library's `Mutex` on Linux (its futex waits are
/// not seen as synchronization), so two threads that met at such a lock were reported as a
/// race whenever one had to wait for the other.
public final class PosixLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

// A ThreadSanitizer false positive with Synchronization.Mutex on Linux (Swift 6.3.1): when
// threads contend, the losing thread sleeps in the kernel (a priority-inheritance futex) and is
// handed the lock by the kernel, which TSan cannot see, so it reports the protected value as
// raced although every access is inside withLock. The count printed is always right (200).
//
//   swiftc -sanitize=thread .ci/tsan/mutex-contention.swift -o /tmp/mutex-contention && /tmp/mutex-contention
//
// Reports "Swift access race" on Linux; that is why .ci/tsan/suppressions.txt exists.
import Synchronization
import Foundation
final class Box: Sendable { let m = Mutex<[Int]>([]) }
let box = Box()
let g = DispatchGroup()
for t in 0..<4 { g.enter(); Thread { for i in 0..<50 { box.m.withLock { $0.append(i + t); usleep(200) } }; g.leave() }.start() }
g.wait()
print(box.m.withLock { $0.count })

"""Concurrent calls from several Python threads, and the GIL released
during the computation."""

import threading
import time

import numpy as np

import batchla as bl
from helpers import general


def test_num_threads_setting():
    old = bl.get_num_threads()
    try:
        bl.set_num_threads(1)
        assert bl.get_num_threads() == 1
        a = general("random", 8, np.float64, np.random.default_rng(0), 50)
        t1 = bl.schur(a)[0]
        bl.set_num_threads(2)
        assert bl.get_num_threads() == 2
        # results do not depend on the number of threads
        np.testing.assert_array_equal(bl.schur(a)[0], t1)
        bl.set_num_threads(0)
        assert bl.get_num_threads() >= 1
    finally:
        bl.set_num_threads(old if old else 0)


def test_concurrent_calls_give_identical_results():
    rng = np.random.default_rng(1)
    a = general("random", 12, np.float64, rng, 200)
    b = general("random", 12, np.float64, rng, 200)
    d = rng.uniform(-1, 1, (300, 16))
    e = rng.uniform(-1, 1, (300, 15))
    calls = [
        lambda: bl.schur(a),
        lambda: bl.qz(a, b),
        lambda: bl.eigh_tridiagonal(d, e),
        lambda: bl.mathieu_ab_all(np.linspace(0, 50, 200), 12),
        lambda: bl.spherical_jn_all(20, np.linspace(0, 40, 500)),
    ]
    serial = [c() for c in calls]
    results, errors = {}, []

    def worker(k):
        try:
            for rep in range(3):
                results[(k, rep)] = calls[k % len(calls)]()
        except Exception as err:  # reported below
            errors.append(err)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for (k, rep), res in results.items():
        for got, want in zip(res, serial[k % len(calls)]):
            np.testing.assert_array_equal(got, want)


def test_gil_is_released_during_a_call():
    """While one thread is inside a long batchla call, another Python
    thread keeps running. Were the GIL held during the call, the second
    thread could run only for a switch interval (5 ms) at either end of
    the call's window; the check counts its steps in the middle half of
    the window (no timing ratio: a busy machine slows the second thread
    down but does not stop it for hundreds of milliseconds)."""
    a = general("random", 24, np.float64, np.random.default_rng(2), 1)
    a = np.broadcast_to(a, (6000, 24, 24))
    inside = threading.Event()
    window = {}

    def long_call():
        inside.set()
        window["start"] = time.perf_counter()
        bl.schur(a, check_finite=False)
        window["end"] = time.perf_counter()

    old = bl.get_num_threads()
    bl.set_num_threads(1)
    try:
        worker = threading.Thread(target=long_call)
        stamps = []
        worker.start()
        inside.wait()
        while worker.is_alive():
            stamps.append(time.perf_counter())
        worker.join()
    finally:
        bl.set_num_threads(old)
    stamps = np.array(stamps)
    start, end = window["start"], window["end"]
    quarter = (end - start) / 4
    assert quarter > 0.02, "the call was too short to tell"
    middle = np.count_nonzero((stamps > start + quarter)
                              & (stamps < end - quarter))
    assert middle > 10, (middle, end - start)

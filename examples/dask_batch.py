"""Ten million symmetric tridiagonal eigenproblems (n = 16) on a local Dask
cluster of processes, checked against one process.

batchla's functions are NumPy generalized ufuncs underneath, so
dask.array.apply_gufunc maps them over the chunks of a batch unchanged: each
worker process calls batchla on its chunks (batchla's own OpenMP threads
inside), and the problems are generated where they are solved, so only the
eigenvalues travel.

    python examples/dask_batch.py [--count N] [--n N] [--workers W]

The same code runs on several machines: give Client the address of a
scheduler started by dask-jobqueue (SLURM, PBS, ...) or by `dask scheduler`
and `dask worker` on each machine; with CuPy arrays and dask-cuda's
LocalCUDACluster (one worker per GPU), the same calls run batchla's CUDA
drivers.
"""

import argparse
import time

import dask.array as da
import numpy as np

import batchla


def problems(count, n, chunk, seed=0):
    """Diagonals d (count, n) and off-diagonals e (count, n - 1), generated
    chunk by chunk (the same values however the chunks are computed)."""
    rng = da.random.default_rng(seed)
    d = rng.standard_normal((count, n), chunks=(chunk, n))
    e = rng.standard_normal((count, n - 1), chunks=(chunk, n - 1))
    return d, e


def eigenvalues(d, e):
    """The eigenvalues of every problem, ascending: batchla's
    eigvalsh_tridiagonal mapped over the chunks."""
    return da.apply_gufunc(batchla.eigvalsh_tridiagonal, "(n),(m)->(n)", d, e,
                           output_dtypes=d.dtype)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000_000)
    parser.add_argument("--n", type=int, default=16)
    parser.add_argument("--chunk", type=int, default=250_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster

    d, e = problems(args.count, args.n, args.chunk)
    w = eigenvalues(d, e)
    with LocalCluster(n_workers=args.workers, threads_per_worker=1,
                      processes=True) as cluster, Client(cluster) as client:
        # One core per worker process: batchla's threads would oversubscribe.
        client.run(batchla.set_num_threads, 1)
        t0 = time.perf_counter()
        w_cluster = w.compute()
        t_cluster = time.perf_counter() - t0

    # One process: the same inputs, one batch call.
    d1, e1 = da.compute(d, e, scheduler="synchronous")
    t0 = time.perf_counter()
    w_one = batchla.eigvalsh_tridiagonal(d1, e1)
    t_one = time.perf_counter() - t0

    same = np.array_equal(w_cluster, w_one)
    print(f"{args.count} problems of order {args.n}: {args.workers} worker "
          f"processes {t_cluster:.2f} s (generation included), one process "
          f"{t_one:.2f} s; results {'identical' if same else 'DIFFER'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()

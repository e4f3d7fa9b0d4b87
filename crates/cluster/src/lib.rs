//! Whole boards past one machine: the level engine's count on timely-dataflow's workers,
//! as threads of one process and as processes on many machines connected by TCP.
//!
//! A person runs the same command on each machine, each with its own `--process` index of
//! the hosts file; process 0 prints the answer, the same, byte for byte, as the one-machine
//! engine's. The crate owns:
//! - [`hosts`]: the hosts file and this process's place in it;
//! - [`connect`]: connecting the processes (quietly, with a time limit) for timely;
//! - [`net`]: the one dataflow, messages exchanged to their worker round by round;
//! - [`mod@count`]: the count itself, levels shared out by a hash of their canonical forms;
//! - [`mod@solutions`]: the solution count, each winner's count handed to its parents' owners;
//! - [`store`]: each worker's finished levels on its own disk, for `--resume` and the way
//!   back;
//! - [`lost`]: a lost process reported on the others within moments, never a hang;
//! - [`heartbeat`]: a process gone silent (its machine off, the network cut) reported too;
//! - [`estimate`]: sizing a board before running it, from its first levels.

pub mod connect;
pub mod count;
pub mod estimate;
pub mod heartbeat;
pub mod hosts;
pub mod lost;
pub mod net;
pub mod solutions;
pub mod store;

pub use count::{Job, Watch};
pub use hosts::{Cluster, HostsError};

use pegsol_solver::engines::count::LevelCount;
use std::sync::Arc;

/// Why a cluster run did not give its answer (a lost process ends the process instead,
/// see [`lost`]).
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The processes could not be connected.
    #[error("{0}")]
    Connect(#[from] connect::ConnectError),
    /// A worker thread failed (a bug).
    #[error("a worker failed: {0}")]
    Worker(String),
}

/// Counts `job` as this process of `cluster`: every level's figures on process 0 (`None`
/// on the others), the same as the one-machine engine's. `watch` hears progress on this
/// process's first worker.
pub fn count(
    cluster: &Cluster,
    job: Job,
    watch: Option<Arc<Watch>>,
) -> Result<Option<Vec<LevelCount>>, ClusterError> {
    run(cluster, job, watch, count::count_on)
}

/// Counts the solutions of `job` as this process of `cluster`: the count on process 0
/// (`None` on the others), the same as the one-machine engine's.
pub fn solutions(
    cluster: &Cluster,
    job: Job,
    watch: Option<Arc<Watch>>,
) -> Result<Option<solutions::Solved>, ClusterError> {
    run(cluster, job, watch, solutions::solutions_on)
}

/// What one worker does with its exchange, the board's tables, the job and its store.
type Work<T, E> =
    fn(&mut net::Net, &count::Tables, &Job, &store::Store, Option<&Watch>) -> Result<T, E>;

/// Runs `work` on every worker of this process of `cluster`: worker 0's answer on process 0.
/// A worker that fails ends the process ([`lost::fatal`]).
fn run<T: Send + 'static, E: std::fmt::Display + 'static>(
    cluster: &Cluster,
    job: Job,
    watch: Option<Arc<Watch>>,
    work: Work<T, E>,
) -> Result<Option<T>, ClusterError> {
    lost::watch_peers(&cluster.addresses);
    let (builders, guard) = connect::connect(cluster)?;
    let peers = cluster.peers();
    // Watched from the moment all are connected until every worker here is done.
    let heartbeat = (cluster.addresses.len() > 1).then(|| {
        heartbeat::start(
            &cluster.addresses,
            cluster.process,
            store::fingerprint(&job.what, peers),
        )
    });
    let first = cluster.process * cluster.workers;
    let job = Arc::new(job);
    let guards = timely::execute::execute_from(
        builders,
        guard,
        timely::WorkerConfig::default(),
        move |worker| {
            let index = worker.index();
            let tables = count::Tables::new(&job.start, job.goal);
            let store = match store::Store::new(
                &job.scratch,
                store::fingerprint(&job.what, peers),
                peers,
                index,
            ) {
                Ok(s) => s,
                Err(e) => lost::fatal(&format!("worker {index}: {e}")),
            };
            let mut net = net::Net::new(worker, tables.bits, job.cancel);
            let heard = watch.as_deref().filter(|_| index == first);
            match work(&mut net, &tables, &job, &store, heard) {
                Ok(answer) => (index == 0).then_some(answer),
                Err(e) => lost::fatal(&format!("worker {index}: {e}")),
            }
        },
    )
    .map_err(ClusterError::Worker)?;
    let results = guards.join();
    drop(heartbeat);
    let mut answer = None;
    for result in results {
        match result {
            Ok(Some(found)) => answer = Some(found),
            Ok(None) => {}
            Err(e) => return Err(ClusterError::Worker(e)),
        }
    }
    Ok(answer)
}

//! `bench_native`: times the engine natively, in-process, for the performance bench
//! (`./build.sh bench`, tests/bench/run.mjs).
//!
//! What it measures: for each bundle file, the wall time of one `analyze_json` call plus the
//! serialisation of the signal to JSON text — exactly the work the wasm export `analyzeBundle`
//! does — repeated until both a minimum iteration count and a minimum time are reached; it
//! reports the median and the minimum per bundle as one JSON line each on stdout, with the
//! median of each phase (parse the bundle, analyse, serialise the signal) to tell engine work
//! from serde round trips.
//!
//! Why: the wasm/native ratio in the performance budget (docs/performance.md) needs the native
//! time of the same inputs, measured without process start-up or file reading, which a CLI
//! call would include. Source of the method: median of repeated in-process runs after warm-up,
//! the same procedure tests/bench/engine-wasm.mjs applies to the wasm build.
//!
//!   cargo run --release --example bench_native -- [--min-iterations N] [--min-ms MS] BUNDLE.json...

use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Why a bench run could not start or finish.
#[derive(Debug, thiserror::Error)]
enum BenchError {
    #[error("usage: bench_native [--min-iterations N] [--min-ms MS] BUNDLE.json...")]
    Usage,
    #[error("{flag} needs a positive number, not {value:?}")]
    BadNumber { flag: String, value: String },
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: the engine rejected the bundle: {source}")]
    Analyze {
        path: String,
        source: prlens::AnalyzeError,
    },
    #[error("{path}: the signal did not serialise: {source}")]
    Serialise {
        path: String,
        source: serde_json::Error,
    },
}

struct Options {
    min_iterations: usize,
    min_time: Duration,
    bundles: Vec<String>,
}

fn parse_number(flag: &str, value: Option<String>) -> Result<u64, BenchError> {
    let text = value.ok_or(BenchError::Usage)?;
    match text.parse::<u64>() {
        Ok(number) if number > 0 => Ok(number),
        _ => Err(BenchError::BadNumber {
            flag: flag.to_string(),
            value: text,
        }),
    }
}

fn parse_options(mut args: impl Iterator<Item = String>) -> Result<Options, BenchError> {
    let mut options = Options {
        min_iterations: 15,
        min_time: Duration::from_millis(300),
        bundles: Vec::new(),
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--min-iterations" => {
                let count = parse_number(&arg, args.next())?;
                options.min_iterations = usize::try_from(count).unwrap_or(usize::MAX);
            }
            "--min-ms" => {
                options.min_time = Duration::from_millis(parse_number(&arg, args.next())?);
            }
            "-h" | "--help" => return Err(BenchError::Usage),
            _ => options.bundles.push(arg),
        }
    }
    if options.bundles.is_empty() {
        return Err(BenchError::Usage);
    }
    Ok(options)
}

/// The work `analyzeBundle` does in wasm: parse, analyse, serialise.
fn analyze_once(path: &str, bundle_json: &str) -> Result<String, BenchError> {
    let signal =
        prlens::analyze_json(bundle_json, "", None).map_err(|source| BenchError::Analyze {
            path: path.to_string(),
            source,
        })?;
    serde_json::to_string(&signal).map_err(|source| BenchError::Serialise {
        path: path.to_string(),
        source,
    })
}

fn median(sorted: &[f64]) -> f64 {
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    }
}

/// Median ms of each phase of one analysis (parse bundle, analyse, serialise signal), to tell
/// engine work from serde round trips when a budget misses.
fn phase_medians(
    path: &str,
    bundle_json: &str,
    iterations: usize,
) -> Result<serde_json::Value, BenchError> {
    let analyze_error = |source: prlens::AnalyzeError| BenchError::Analyze {
        path: path.to_string(),
        source,
    };
    let settings =
        prlens::Settings::from_json_str("").map_err(|error| analyze_error(error.into()))?;
    let (mut parse, mut analyze, mut serialise) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..iterations {
        let begun = Instant::now();
        let bundle = prlens::Bundle::from_json_str(bundle_json)
            .map_err(|error| analyze_error(error.into()))?;
        parse.push(begun.elapsed().as_secs_f64() * 1000.0);
        let begun = Instant::now();
        let signal = prlens::analyze(&bundle, &settings, None);
        analyze.push(begun.elapsed().as_secs_f64() * 1000.0);
        let begun = Instant::now();
        let text = serde_json::to_string(&signal).map_err(|source| BenchError::Serialise {
            path: path.to_string(),
            source,
        })?;
        serialise.push(begun.elapsed().as_secs_f64() * 1000.0);
        std::hint::black_box(text);
    }
    for samples in [&mut parse, &mut analyze, &mut serialise] {
        prlens::order::sort_by(samples, f64::total_cmp);
    }
    Ok(serde_json::json!({
        "parse": median(&parse),
        "analyze": median(&analyze),
        "serialise": median(&serialise),
    }))
}

fn bench_bundle(path: &str, options: &Options) -> Result<serde_json::Value, BenchError> {
    let bundle_json = std::fs::read_to_string(path).map_err(|source| BenchError::Read {
        path: path.to_string(),
        source,
    })?;
    // Warm-up: caches, allocator pools and lazily built tables, as the wasm side gets too.
    let signal_bytes = analyze_once(path, &bundle_json)?.len();
    let mut samples = Vec::new();
    let started = Instant::now();
    while samples.len() < options.min_iterations || started.elapsed() < options.min_time {
        let begun = Instant::now();
        let signal = analyze_once(path, &bundle_json)?;
        samples.push(begun.elapsed().as_secs_f64() * 1000.0);
        std::hint::black_box(signal);
    }
    prlens::order::sort_by(&mut samples, f64::total_cmp);
    let phases = phase_medians(path, &bundle_json, options.min_iterations)?;
    Ok(serde_json::json!({
        "phases_ms": phases,
        "bundle": path,
        "bundle_bytes": bundle_json.len(),
        "signal_bytes": signal_bytes,
        "iterations": samples.len(),
        "median_ms": median(&samples),
        "min_ms": samples[0],
    }))
}

fn run() -> Result<(), BenchError> {
    let options = parse_options(std::env::args().skip(1))?;
    for path in &options.bundles {
        println!("{}", bench_bundle(path, &options)?);
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("bench_native: {error}");
            ExitCode::from(2)
        }
    }
}

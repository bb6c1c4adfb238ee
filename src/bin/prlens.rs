//! `prlens` CLI. OWNER: engine-sections helper.

fn main() {
    let mut text = String::new();
    let path = std::env::args().nth(2).unwrap_or_else(|| "-".into());
    let read = if path == "-" {
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map(|_| ())
    } else {
        std::fs::read_to_string(&path).map(|content| text = content)
    };
    if let Err(error) = read {
        eprintln!("prlens: cannot read {path}: {error}");
        std::process::exit(2);
    }
    match prlens::analyze_json(&text, "", None) {
        Ok(signal) => println!(
            "{}",
            serde_json::to_string_pretty(&signal).unwrap_or_default()
        ),
        Err(error) => {
            eprintln!("prlens: {error}");
            std::process::exit(2);
        }
    }
}

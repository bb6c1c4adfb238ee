use super::*;

/// Observations where size and spread drive the outcome, newness points the wrong way, and
/// nothing else fires.
fn observations() -> Vec<Observation> {
    let mut observations = Vec::new();
    for index in 0..600u32 {
        let group = (index % 2) as usize;
        let lines = f64::from(1 + (index * 37) % 900);
        let code_files = f64::from(1 + (index * 11) % 25);
        let new = f64::from(u8::from(index % 4 == 0));
        let risk = lines.ln() / 7.0 + code_files.ln() / 3.0 - 0.3 * new;
        let bad = risk + 0.2 * f64::from(index % 5) / 5.0 > 1.85 - 0.2 * group as f64;
        observations.push(Observation {
            group,
            bad,
            lines,
            code_files,
            others: vec![0.0, 0.0, new],
            fixed_hazard: 0.0,
            floor: RiskLevel::Low,
        });
    }
    observations
}

#[test]
fn size_and_spread_get_weight_and_a_driver_pointing_the_wrong_way_gets_none() {
    let observations = observations();
    assert!(observations.iter().filter(|o| o.bad).count() > 30);
    let proposal = propose(&observations, 2, &Settings::default());
    let weight = |id: &str| {
        proposal
            .weights
            .iter()
            .find(|change| change.id == id)
            .map(|change| change.after)
            .unwrap()
    };
    assert!(weight("large_diff") > 0.0, "{proposal:?}");
    assert!(weight("many_files") > 0.0, "{proposal:?}");
    assert_eq!(weight("new_contributor"), 0.0, "{proposal:?}");
    assert_eq!(weight("api_surface_change"), 0.0);
    assert!(proposal.cross_validated_auc > 0.8, "{proposal:?}");
    assert!(
        proposal.high_share <= HIGH_SHARE_TARGET + 1e-9,
        "{proposal:?}"
    );
    let (weights, thresholds) = proposal.overrides();
    assert_eq!(weights.len(), FITTED.len());
    assert_eq!(thresholds.len(), 2);
}

#[test]
fn a_floor_from_findings_counts_toward_the_high_share() {
    let mut observations = observations();
    for observation in observations.iter_mut().take(20) {
        observation.floor = RiskLevel::Critical;
    }
    let proposal = propose(&observations, 2, &Settings::default());
    assert!(proposal.high_share >= 20.0 / 600.0);
    assert!(proposal.high_share <= HIGH_SHARE_TARGET + 1e-9);
}

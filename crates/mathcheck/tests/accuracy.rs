//! The accuracy report in quick mode: every function of the device math library within its
//! documented bound on edge cases and seeded random inputs (the seed is printed on failure).

use ferrocm_mathcheck::{report, run, Options};

#[test]
fn every_function_is_within_its_documented_bound() {
    let mut opts = Options::quick();
    // Debug builds evaluate MPFR references slowly: fewer random inputs than the binary's --quick.
    opts.random_inputs = 600;
    let result = match run(&opts, |_| {}) {
        Ok(r) => r,
        Err(e) => panic!("mathcheck could not run: {e}"),
    };
    assert!(
        result.rows.len() > 250,
        "only {} rows measured",
        result.rows.len()
    );
    let failed: Vec<String> = result
        .rows
        .iter()
        .filter(|r| !r.passed())
        .map(|r| {
            format!(
                "{} ({}): {} of {} inputs out of bound ({}), worst {} at {}; e.g. {}",
                r.name,
                r.prec.c_type(),
                r.failures,
                r.inputs,
                r.bound_doc,
                report::fmt_ulps(&r.worst_ulp),
                r.worst_ulp.input,
                r.failure_examples.join("; ")
            )
        })
        .collect();
    assert!(
        failed.is_empty(),
        "seed {}: {} functions out of bound:\n{}",
        opts.seed,
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn a_wrong_result_is_caught() {
    // The measurement itself: one ulp off against a bound of zero fails, a special-value
    // mismatch fails whatever the bound.
    use ferrocm_mathcheck::measure::measure;
    use ferrocm_mathcheck::Prec;
    use rug::float::Round;
    use rug::Float;
    let exact = Float::with_val(192, 2).sqrt();
    let good = exact.to_f64();
    let bad = f64::from_bits(good.to_bits() + 1);
    assert_eq!(measure(good, &exact, Prec::F64, Round::Nearest).ulps, 0);
    assert_eq!(measure(bad, &exact, Prec::F64, Round::Nearest).ulps, 1);
    assert_eq!(
        measure(f64::NAN, &exact, Prec::F64, Round::Nearest).ulps,
        u64::MAX
    );
}

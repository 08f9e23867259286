use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Color { Red, Green, Blue }

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Sparse { B = 2, A = 1, C = 3 }

#[allow(non_camel_case_types)]
#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "snake_case")]
enum Words { HTTPServer, UserID, A1B2, HTTP2Server, Field01, Plain, ÉtéFort, user_ID }

#[allow(non_snake_case)]
#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "snake_case")]
struct Fields { HTTPServer: i32, userId: i32, user_id: i32 }

#[derive(Serialize, Deserialize, Debug)]
#[serde(untagged)]
enum ShapeU { Empty, Circle(f64) }

#[derive(Serialize, Deserialize, Debug)]
struct Person { user_id: i32, full_name: String }

fn dec<T: for<'a> Deserialize<'a> + std::fmt::Debug>(label: &str, s: &str) {
    match serde_json::from_str::<T>(s) {
        Ok(v) => println!("DEC {} {} => {:?}", label, s, v),
        Err(e) => println!("DEC {} {} => ERROR {}", label, s, e),
    }
}
fn enc<T: Serialize>(label: &str, v: &T) {
    match serde_json::to_string(v) {
        Ok(s) => println!("ENC {} {}", label, s),
        Err(e) => println!("ENC {} ERROR {}", label, e),
    }
}

fn main() {
    // rename
    for w in [Words::HTTPServer, Words::UserID, Words::A1B2, Words::HTTP2Server, Words::Field01, Words::Plain, Words::ÉtéFort, Words::user_ID] {
        enc(&format!("Words {:?}", w), &w);
    }
    dec::<Words>("Words", "\"h_t_t_p_server\"");
    dec::<Words>("Words", "\"http_server\"");
    dec::<Words>("Words", "\"HTTPServer\"");
    enc("Fields", &Fields { HTTPServer: 1, userId: 2, user_id: 3 });
    // maps in key order
    let mut m1: BTreeMap<i32, &str> = BTreeMap::new();
    m1.insert(10, "a"); m1.insert(2, "b"); m1.insert(-3, "c");
    enc("BTreeMap<i32>", &m1);
    let mut m2: BTreeMap<String, i32> = BTreeMap::new();
    for (k, v) in [("b", 1), ("a", 2), ("B", 3), ("\u{FFFD}", 4), ("\u{1F600}", 5), ("", 6)] { m2.insert(k.to_string(), v); }
    enc("BTreeMap<String>", &m2);
    let mut m3: BTreeMap<Color, i32> = BTreeMap::new();
    m3.insert(Color::Blue, 1); m3.insert(Color::Red, 2); m3.insert(Color::Green, 3);
    enc("BTreeMap<Color>", &m3);
    let mut m4: BTreeMap<Sparse, i32> = BTreeMap::new();
    m4.insert(Sparse::C, 1); m4.insert(Sparse::A, 2); m4.insert(Sparse::B, 3);
    enc("BTreeMap<Sparse B=2,A=1,C=3>", &m4);
    let mut m5: BTreeMap<u64, i32> = BTreeMap::new();
    m5.insert(u64::MAX, 1); m5.insert(0, 2); m5.insert(9, 3);
    enc("BTreeMap<u64>", &m5);
    let mut m6: BTreeMap<char, i32> = BTreeMap::new();
    m6.insert('b', 1); m6.insert('a', 2);
    enc("BTreeMap<char>", &m6);
    let mut m7: BTreeMap<bool, i32> = BTreeMap::new();
    m7.insert(true, 1); m7.insert(false, 2);
    enc("BTreeMap<bool>", &m7);
    dec::<BTreeMap<i32, String>>("BTreeMap<i32,String>", "{\"10\":\"a\",\"2\":\"b\",\"-3\":\"c\"}");
    // duplicates
    dec::<BTreeMap<String, i32>>("BTreeMap<String,i32>", "{\"a\":1,\"b\":2,\"a\":3}");
    dec::<HashMap<String, i32>>("HashMap<String,i32>", "{\"a\":1,\"a\":3}");
    dec::<Person>("Person", "{\"user_id\":1,\"full_name\":\"A\",\"user_id\":2}");
    dec::<serde_json::Value>("Value", "{\"a\":1,\"a\":3}");
    // char
    enc("char c", &'c');
    enc("char U+1F600", &'\u{1F600}');
    enc("char NUL", &'\0');
    dec::<char>("char", "\"c\"");
    dec::<char>("char", "\"ab\"");
    dec::<char>("char", "\"\"");
    dec::<char>("char", "\"\\ud83d\\ude00\"");
    dec::<char>("char", "99");
    // untagged unit
    enc("ShapeU Empty", &ShapeU::Empty);
    dec::<ShapeU>("ShapeU", "null");
    dec::<ShapeU>("ShapeU", "\"Empty\"");
    // non-finite
    enc("f64 NaN", &f64::NAN);
    enc("f64 +Inf", &f64::INFINITY);
    enc("f32 -Inf", &f32::NEG_INFINITY);
    dec::<f64>("f64", "null");
    dec::<f64>("f64", "\"+inf\"");
}
